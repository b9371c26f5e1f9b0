import { DateTime } from 'luxon';
import { isOpenAt } from './open-at.ts';
import { MEGA_MENU_TIME_ZONE } from './constants.ts';

/**
 * Mega-menu timing (spec §4 "Mega menu visibility by time"): an item shows from its startTime until its endTime,
 * both New York wall-clock times ("2025-11-28T09:00"), compared to the minute. Start is inclusive, end exclusive.
 *
 * The wall-clock time becomes an absolute instant here, with luxon and the IANA rules, so daylight-saving changes
 * are handled once; the browser then only compares instants (no date library shipped to the client).
 */
export const NY_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export interface TimeWindow {
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/**
 * The instant (epoch ms) a New York wall-clock time names, or null when absent or not a real time. Remembered per
 * text: every page rendered on demand draws the whole menu, and the menu's times are few and fixed per build.
 */
const instants = new Map<string, number | null>();
export function newYorkInstant(wallClock: string | undefined): number | null {
  if (!wallClock) return null;
  let known = instants.get(wallClock);
  if (known === undefined) {
    const t = DateTime.fromISO(wallClock, { zone: MEGA_MENU_TIME_ZONE });
    known = t.isValid ? t.toMillis() : null;
    if (instants.size >= 1000) instants.clear();
    instants.set(wallClock, known);
  }
  return known;
}

/** True when the text is a New York wall-clock time luxon accepts (used by the content schema). */
export const isNewYorkTime = (text: string) => NY_TIME_PATTERN.test(text) && newYorkInstant(text) !== null;

/** The window as instants, for the page: `data-start` / `data-end` attributes the client script compares. */
export function windowInstants(w: TimeWindow): { start: number | null; end: number | null } {
  return { start: newYorkInstant(w.startTime), end: newYorkInstant(w.endTime) };
}

export function isVisibleAt(w: TimeWindow, now: Date): boolean {
  const { start, end } = windowInstants(w);
  return isOpenAt(start, end, now.getTime());
}

/** The New York wall-clock time of an instant, as written in content files (for messages and tests). */
export const toNewYorkWallClock = (instant: Date) => DateTime.fromJSDate(instant, { zone: MEGA_MENU_TIME_ZONE }).toFormat("yyyy-MM-dd'T'HH:mm");
