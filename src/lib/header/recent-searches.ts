import { cookieAssignment, readCookie } from '../cookies.ts';
import { RECENT_SEARCHES_COOKIE, RECENT_SEARCHES_KEPT, RECENT_SEARCHES_SHOWN, RECENT_SEARCH_MAX_LENGTH } from './constants.ts';

/**
 * Recent searches (spec §4 Search, §7 cookies): a pipe-separated list in one cookie, newest first. The 5 latest are
 * shown. A term is trimmed, loses any pipe (the separator), and appears once (case-insensitively).
 * The cookie value is URI-encoded as a whole; a malformed cookie reads as an empty list.
 */
const clean = (term: string) => term.replace(/\|/g, ' ').replace(/\s+/g, ' ').trim().slice(0, RECENT_SEARCH_MAX_LENGTH);

export function parseRecentSearches(cookieValue: string | undefined | null): string[] {
  if (!cookieValue) return [];
  let text: string;
  try {
    text = decodeURIComponent(cookieValue);
  } catch {
    return [];
  }
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split('|')) {
    const term = clean(raw);
    if (!term || seen.has(term.toLowerCase())) continue;
    seen.add(term.toLowerCase());
    out.push(term);
  }
  return out.slice(0, RECENT_SEARCHES_KEPT);
}

export const serializeRecentSearches = (terms: string[]) => encodeURIComponent(terms.join('|'));

export function addRecentSearch(terms: string[], term: string): string[] {
  const t = clean(term);
  if (!t) return terms;
  return [t, ...terms.filter((x) => x.toLowerCase() !== t.toLowerCase())].slice(0, RECENT_SEARCHES_KEPT);
}

export const shownRecentSearches = (terms: string[]) => terms.slice(0, RECENT_SEARCHES_SHOWN);

/** Reads the cookie from a `document.cookie`-style header. */
export function readRecentSearchCookie(cookieHeader: string): string[] {
  return parseRecentSearches(readCookie(cookieHeader, RECENT_SEARCHES_COOKIE, { raw: true }));
}

/** The `document.cookie` assignment that stores the list for a year. */
export const recentSearchCookie = (terms: string[]) =>
  cookieAssignment(RECENT_SEARCHES_COOKIE, serializeRecentSearches(terms), { maxAge: 60 * 60 * 24 * 365, raw: true });
