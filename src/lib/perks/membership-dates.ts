import { STORE_TIME_ZONE } from '../constants.ts';

/**
 * How long a perks membership lasts and when it may be bought again (docs/decisions.md "Perks membership").
 * Isomorphic and pure: instants are ISO strings in UTC, the caller passes the time.
 */

/** A membership runs this many months from the order that bought it, or from the end of the one it renews. */
export const MEMBERSHIP_TERM_MONTHS = 12;
/** A member may renew in the last days of a membership; before that, adding it to the bag is refused. */
export const RENEWAL_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

/** The same wall-clock instant `months` later in UTC; a day the target month lacks (Feb 29) becomes its last day. */
function plusMonths(at: Date, months: number): Date {
  const target = new Date(at.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return target;
}

/** A member while `now` is before the end. */
export const isActiveMember = (endsAt: string | null, now: Date): boolean => endsAt !== null && Date.parse(endsAt) > now.getTime();

/**
 * The end of membership after an order placed at `placedAt` buys one: a year from the order, or, for a member, a
 * year from the current end (a renewal never shortens what was paid for).
 */
export function membershipEndAfter(currentEnd: string | null, placedAt: string): string {
  const placed = new Date(placedAt);
  const from = currentEnd !== null && Date.parse(currentEnd) > placed.getTime() ? new Date(currentEnd) : placed;
  return plusMonths(from, MEMBERSHIP_TERM_MONTHS).toISOString();
}

/** Whether the membership may be added to the bag now: not a member, or a member in the renewal window. */
export const mayBuyMembership = (endsAt: string | null, now: Date): boolean =>
  !isActiveMember(endsAt, now) || Date.parse(endsAt ?? '') - now.getTime() <= RENEWAL_WINDOW_DAYS * DAY_MS;

/** The end of a membership as the shopper reads it ('November 27, 2027'), on the store's calendar. */
export const membershipEndDisplay = (endsAt: string): string =>
  new Intl.DateTimeFormat('en-US', { timeZone: STORE_TIME_ZONE, month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(endsAt));
