import { parseCookie, stringifySetCookie } from 'cookie';

/**
 * Cookies that scripts read and write (recently viewed, recent searches, the social sign-in result, the country
 * switch flags), through the `cookie` package (jshttp, the one Express and Astro use). Values are URI-encoded when
 * they need it and decoded when read; `raw` leaves a value that its owner encodes itself as it is. Every access to
 * `document.cookie` is in this module.
 */
export interface CookieOptions {
  /** Lifetime in seconds; without it the cookie ends with the browser session. */
  maxAge?: number;
  path?: string;
  sameSite?: 'lax' | 'strict';
  /** The value is already cookie-safe (its owner encodes it): no encoding or decoding here. */
  raw?: boolean;
}

const asIs = (s: string) => s;

/** A cookie's value in a Cookie header (or `document.cookie`), or undefined when it is not there. */
export function readCookie(header: string | null | undefined, name: string, { raw = false }: Pick<CookieOptions, 'raw'> = {}): string | undefined {
  if (!header) return undefined;
  return parseCookie(header, raw ? { decode: asIs } : undefined)[name];
}

/** The `name=value; Path=…; Max-Age=…; SameSite=…` string that stores a cookie (document.cookie or Set-Cookie). */
export function cookieAssignment(name: string, value: string, { maxAge, path = '/', sameSite = 'lax', raw = false }: CookieOptions = {}): string {
  return stringifySetCookie({ name, value, path, sameSite, ...(maxAge === undefined ? {} : { maxAge }) }, raw ? { encode: asIs } : undefined);
}

/** The string that deletes a cookie. */
export const cookieRemoval = (name: string, path = '/'): string => stringifySetCookie({ name, value: '', path, maxAge: 0 });

/** In the browser: the page's cookies as a Cookie header. */
export const documentCookies = (): string => document.cookie;

/** In the browser: stores or deletes one cookie (a string from cookieAssignment or cookieRemoval). */
export function writeDocumentCookie(assignment: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the one place the page writes a cookie, with a string the cookie package built; the Cookie Store API is not in every browser we serve
  document.cookie = assignment;
}

export const getBrowserCookie = (name: string, options?: Pick<CookieOptions, 'raw'>): string | undefined =>
  readCookie(documentCookies(), name, options);

export const setBrowserCookie = (name: string, value: string, options?: CookieOptions): void =>
  writeDocumentCookie(cookieAssignment(name, value, options));

export const removeBrowserCookie = (name: string, path?: string): void => writeDocumentCookie(cookieRemoval(name, path));
