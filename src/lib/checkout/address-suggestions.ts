import * as v from 'valibot';
import { ADDRESS_FIELD_SCHEMAS, type AddressDraft, addressFieldError, collapseSpaces } from './address-rules.ts';

/**
 * Address suggestions and verification as the checkout sees them, whatever service answers (the embedded ZIP
 * data set or Smarty): the shapes POST /api/checkout/smarty replies with, and the spec's rules on them (product
 * spec §4 "Address entry and suggestions", §5 "Single-line address").
 */

/** Suggestions are asked for from this many characters on ("more than 2"). */
export const SUGGEST_MIN_CHARS = 3;
export const SUGGEST_MAX_RESULTS = 10;
/** What the endpoint takes: a search as typed, and a selected entry to expand. */
export const SEARCH_MAX = 100;
export const SELECTED_MAX = 200;

/** One autocomplete suggestion (Smarty's street_line, secondary, city, state, zipcode, entries). */
export interface AddressSuggestion {
  /** '' when the service completes city, state and ZIP only (the embedded one). */
  streetLine: string;
  secondary: string;
  city: string;
  stateCode: string;
  zipcode: string;
  /** More than 1: the entry stands for that many sub-addresses (apartments), fetched when chosen. */
  entries: number;
}

/**
 * What the shopper has already told the form about where the address is (its city, state and ZIP fields, or the
 * shipping address when this is the billing form): a street typed with no city yet is completed near it. Only
 * valid values are kept.
 */
export interface NearPlace {
  city?: string;
  stateCode?: string;
  postalCode?: string;
}

/** The form's own city, state and ZIP that are valid, else `known`'s (the five-digit ZIP only). */
export function nearPlaceOf(form: Pick<AddressDraft, 'city' | 'stateCode' | 'postalCode'>, known?: NearPlace | null): NearPlace {
  const valid = (p: Partial<Pick<AddressDraft, 'city' | 'stateCode' | 'postalCode'>>): NearPlace => ({
    ...(p.city && !addressFieldError('city', p.city) && { city: collapseSpaces(p.city) }),
    ...(p.stateCode && !addressFieldError('stateCode', p.stateCode) && { stateCode: p.stateCode.trim().toUpperCase() }),
    ...(p.postalCode && !addressFieldError('postalCode', p.postalCode) && { postalCode: p.postalCode.trim().slice(0, 5) }),
  });
  const own = valid(form);
  return Object.keys(own).length > 0 ? own : valid(known ?? {});
}

/**
 * A search read as '[street,] [place]': the street before the first comma, or the whole search when it has no
 * comma and starts with a house number followed by a word ('123 Main'); the place is the rest (city, state, ZIP).
 */
export function splitSearch(search: string): { street: string; place: string } {
  const text = collapseSpaces(search);
  const comma = text.indexOf(',');
  if (comma >= 0) return { street: text.slice(0, comma).trim(), place: collapseSpaces(text.slice(comma + 1).replace(/,/g, ' ')) };
  return /^\d+\s*\p{L}/u.test(text) ? { street: text, place: '' } : { street: '', place: text };
}

/**
 * Said under the Address field when a street typed alone found nothing: the embedded data set knows places, not
 * streets, so it needs the city or the ZIP code (or finds them in the form's own fields).
 */
export const STREET_ALONE_HINT = 'Add a comma and your city or ZIP code (123 Main St, Portland) to see suggestions.';

/** The street part of an address, which is what a service verifies. */
export type StreetAddress = Pick<AddressDraft, 'address1' | 'address2' | 'city' | 'stateCode' | 'postalCode'>;

/** A verification candidate with the service's metadata (Smarty's metadata.precision and metadata.rdi). */
export interface VerifiedCandidate extends StreetAddress {
  precision: string;
  /** Residential or Commercial: the delivery type. */
  rdi: string;
}

export type Verification =
  | { status: 'confirmed' }
  | { status: 'corrected'; suggested: StreetAddress }
  /** disabled: no service; unsupported: it cannot verify streets; not-found: no usable match; unavailable: it failed. */
  | { status: 'unverifiable'; reason: 'disabled' | 'unsupported' | 'not-found' | 'unavailable' };

/** How a suggestion reads in the list: '224 W 35th St Apt (3 entries), New York, NY 10001'. */
export function suggestionLabel(s: AddressSuggestion): string {
  const secondary = s.secondary ? ` ${s.secondary}` : '';
  const entries = s.entries > 1 ? ` (${s.entries} entries)` : '';
  const street = s.streetLine ? `${s.streetLine}${secondary}${entries}, ` : '';
  return `${street}${s.city}, ${s.stateCode} ${s.zipcode}`;
}

/** Smarty's `selected` for an entry with sub-addresses: 'street_line secondary (entries) city state zipcode'. */
export const selectedParam = (s: AddressSuggestion) =>
  collapseSpaces(`${s.streetLine} ${s.secondary} (${s.entries}) ${s.city} ${s.stateCode} ${s.zipcode}`);

/** The form after a suggestion is chosen: street, unit, city, state and ZIP replaced; names and phone kept. */
export function applySuggestion(draft: AddressDraft, s: AddressSuggestion): AddressDraft {
  return {
    ...draft,
    address1: s.streetLine,
    address2: s.entries > 1 ? draft.address2 : s.secondary,
    city: s.city,
    stateCode: s.stateCode,
    postalCode: s.zipcode,
  };
}

/** The spec's single-line address: street, city, two-capital state and 5-digit ZIP separated by commas. */
export function singleLine(a: StreetAddress): string {
  const street = collapseSpaces(`${a.address1} ${a.address2}`);
  return `${street}, ${a.city}, ${a.stateCode}, ${a.postalCode.slice(0, 5)}`;
}

/**
 * The spec's usability rule: comma-separated with at least 4 parts and a 6-character last part (in the single-line
 * form that is the space and the 5-digit ZIP after the last comma).
 */
export function isUsableLine(line: string): boolean {
  const parts = line.split(',');
  return parts.length >= 4 && parts.at(-1)?.length === 6;
}

/** A candidate is usable only with a usable line, a known precision and a delivery type. */
export function isUsableCandidate(c: VerifiedCandidate): boolean {
  const precision = c.precision.trim().toLowerCase();
  return isUsableLine(singleLine(c)) && precision !== '' && precision !== 'unknown' && c.rdi.trim() !== '';
}

const comparable = (a: StreetAddress) =>
  [a.address1, a.address2, a.city, a.stateCode, a.postalCode.slice(0, 5)].map((part) => collapseSpaces(part).toLowerCase()).join('|');

/** Whether a suggested address reads differently from the one entered (case and spacing aside). */
export const differs = (entered: StreetAddress, suggested: StreetAddress) => comparable(entered) !== comparable(suggested);

/**
 * The outcome of checking an entered address against a service's candidates: the first usable one confirms it
 * when it reads the same, else it is offered as a correction (the Confirm Address modal); none usable cannot verify.
 */
export function verificationOf(entered: StreetAddress, candidates: readonly VerifiedCandidate[]): Verification {
  const best = candidates.find(isUsableCandidate);
  if (!best) return { status: 'unverifiable', reason: 'not-found' };
  const { address1, address2, city, stateCode, postalCode } = best;
  const suggested = { address1, address2, city, stateCode, postalCode };
  return differs(entered, suggested) ? { status: 'corrected', suggested } : { status: 'confirmed' };
}

const { city, stateCode, postalCode } = ADDRESS_FIELD_SCHEMAS;

/**
 * The request of POST /api/checkout/smarty: `address` is the search, or with checkAddress the address to check;
 * `near` is the place the form already names (its valid city, state and ZIP), which a street typed alone is
 * completed with.
 */
export const AddressLookupSchema = v.object({
  address: v.optional(v.unknown()),
  selected: v.optional(v.pipe(v.string('selected must be text.'), v.maxLength(SELECTED_MAX, `selected must be at most ${SELECTED_MAX} characters.`))),
  checkAddress: v.optional(v.boolean('checkAddress must be true or false.'), false),
  near: v.optional(
    v.object(
      {
        city: v.optional(city),
        stateCode: v.optional(stateCode),
        postalCode: v.optional(
          v.pipe(
            postalCode,
            v.transform((zip) => zip.slice(0, 5)),
          ),
        ),
      },
      'near must be an object.',
    ),
  ),
});

/** The reply of POST /api/checkout/smarty. */
export interface AddressLookupReply {
  suggestions: AddressSuggestion[];
  verification?: Verification;
  /** Said under the field when nothing was found and more typing would find it (STREET_ALONE_HINT). */
  hint?: string;
}
