import * as v from 'valibot';
import { digitsOnly } from '../checkout/card-rules.ts';

/**
 * The store card's pre-screened offer (product spec §4 "Card pre-screening offers", §7 rtps calls, §9 offer timeout):
 * the engine's own types and the rules both the server and the offer dialog read. A credit bureau pre-screens the
 * shopper's shipping address once per session and bag; an offer the shopper answers NO to may be shown once more (the
 * rebuttal); an application's result decides what the dialog shows next. docs/decisions.md "Store card offers".
 */

/** How long the checkout waits for a pre-screen before it carries on without an offer (product spec §9). */
export const OFFER_TIMEOUT_MS = 5000;

/** What the bureau's pre-screen said of the shopper. */
export type PrescreenOutcome = 'offer' | 'card-holder' | 'no-offer';

/** An application's result, as the issuer names it (product spec §4). */
export const APPLICATION_RESULTS = ['APPROVED', 'PENDING', 'DECLINED', 'ACCOUNT_EXISTS', 'ERROR'] as const;
export type ApplicationResult = (typeof APPLICATION_RESULTS)[number];

/** The dialog's view after an application: its result event (product spec §4 "Result events"). */
export type ResultView = 'registration' | 'review' | 'card-holder' | 'error';

const RESULT_VIEWS: Record<ApplicationResult, ResultView> = {
  APPROVED: 'registration',
  PENDING: 'review',
  DECLINED: 'review',
  ACCOUNT_EXISTS: 'card-holder',
  ERROR: 'error',
};

export const resultView = (result: ApplicationResult): ResultView => RESULT_VIEWS[result];

/** The offer as the shopper's checkout holds it. `id` is the store's own id of the pre-screen. */
export interface StoreCardOffer {
  id: string;
  /** The credit line the offer is for, cents; null when the bureau names none. */
  creditLimitCents: number | null;
  /** The shopper has seen the offer (product spec: viewing it marks the shopper approved). */
  viewed: boolean;
  /** Answered NO once: the offer may be shown once more (the rebuttal). */
  rebuttalEligible: boolean;
  /** Answered NO after the rebuttal, or applied: not shown again for this bag. */
  closed: boolean;
  /** The application's result, once applied. */
  result: ApplicationResult | null;
}

/** Whether the offer should be shown (or shown again, as the rebuttal). */
export const offerOpen = (offer: StoreCardOffer | null): boolean => !!offer && !offer.closed && offer.result === null;

/** A shopper's answer to the offer (data/): seen it, or NO. */
export type OfferEvent = 'viewed' | 'no';

/** The offer after the shopper's event: NO once makes the rebuttal eligible; NO again closes the offer. */
export function afterEvent(offer: StoreCardOffer, event: OfferEvent): StoreCardOffer {
  if (event === 'viewed') return { ...offer, viewed: true };
  if (offer.rebuttalEligible) return { ...offer, viewed: true, rebuttalEligible: false, closed: true };
  return { ...offer, viewed: true, rebuttalEligible: true };
}

/** The pre-screen data of a guest, kept in a cookie (product spec §7, details/). */
export interface GuestPreScreenData {
  firstName: string;
  lastName: string;
  address1: string;
  city: string;
  stateCode: string;
  postalCode: string;
  phone: string;
}

/** A guest's pre-screen data as kept: the phone's non-digits stripped, the postal code cut to 5 (product spec §5). */
export const guestPreScreenData = (a: GuestPreScreenData): GuestPreScreenData => ({
  firstName: a.firstName,
  lastName: a.lastName,
  address1: a.address1,
  city: a.city,
  stateCode: a.stateCode,
  postalCode: a.postalCode.trim().slice(0, 5),
  phone: digitsOnly(a.phone),
});

export const APPLICATION_MESSAGES = {
  phone: 'Please enter a 10-digit mobile phone number.',
  birthDate: 'Please enter your date of birth as MM/DD/YYYY.',
  tooYoung: 'You must be 18 or older to apply.',
  ssnLast4: 'Please enter the last 4 digits of your Social Security number.',
  consent: 'Please agree to the terms to apply.',
  noOffer: 'This offer is no longer available.',
  applied: 'You have already applied for this offer.',
} as const;

/** The age from which a shopper may apply for credit. */
export const ADULT_AGE = 18;

/** Whole years from a YYYY-MM-DD birth date to `today`. */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const before = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  return today.getUTCFullYear() - y - (before ? 1 : 0);
}

/** MM/DD/YYYY as typed, or YYYY-MM-DD, to YYYY-MM-DD; null when it is not a real date. */
export function isoBirthDate(typed: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(typed.trim()) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed.trim());
  if (!m) return null;
  const [year, month, day] = typed.includes('/') ? [m[3], m[1], m[2]] : [m[1], m[2], m[3]];
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day) || date.getUTCMonth() + 1 !== Number(month)) return null;
  return `${year}-${month}-${day}`;
}

/** The applicant's own answers to the application (the rest is the pre-screened name and address). */
export const PlccDataSchema = v.strictObject({
  offerId: v.pipe(v.string(APPLICATION_MESSAGES.noOffer), v.uuid(APPLICATION_MESSAGES.noOffer)),
  phone: v.pipe(
    v.string(APPLICATION_MESSAGES.phone),
    v.maxLength(32, APPLICATION_MESSAGES.phone),
    v.transform(digitsOnly),
    v.length(10, APPLICATION_MESSAGES.phone),
  ),
  birthDate: v.pipe(
    v.string(APPLICATION_MESSAGES.birthDate),
    v.maxLength(10, APPLICATION_MESSAGES.birthDate),
    v.transform(isoBirthDate),
    v.string(APPLICATION_MESSAGES.birthDate),
    v.check((date) => ageOn(date, new Date()) >= ADULT_AGE, APPLICATION_MESSAGES.tooYoung),
  ),
  ssnLast4: v.pipe(v.string(APPLICATION_MESSAGES.ssnLast4), v.regex(/^\d{4}$/, APPLICATION_MESSAGES.ssnLast4)),
  consent: v.literal(true, APPLICATION_MESSAGES.consent),
});
export type PlccData = v.InferOutput<typeof PlccDataSchema>;

/** The application as the issuer receives it: the pre-screened name and address, and the applicant's answers. */
export interface Application {
  applicant: GuestPreScreenData;
  phone: string;
  birthDate: string;
  ssnLast4: string;
}
