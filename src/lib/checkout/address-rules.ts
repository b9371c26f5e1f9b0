import * as v from 'valibot';
import { noCardNumber } from '../no-card-number.ts';
import { DEFAULT_COUNTRY_CODE } from '../constants.ts';
import { US_STATES } from '../us-states.ts';

/**
 * The shipping and billing address form's rules (product spec §5, checkout spec §3 "Address" and §5), once: the
 * island validates with them as the shopper types and the endpoints enforce them, so the browser accepts exactly
 * what the server accepts. Every text field is normalised the same way before it is checked: leading and trailing
 * spaces trimmed and inner runs of spaces collapsed to one ("spaces removed on blur", docs/decisions.md).
 */
export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'address1',
  'address2',
  'company',
  'city',
  'stateCode',
  'postalCode',
  'phone',
  'countryCode',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The form's value: every field a string, as typed. */
export type AddressDraft = Record<AddressField, string>;

export const EMPTY_ADDRESS: AddressDraft = {
  firstName: '',
  lastName: '',
  address1: '',
  address2: '',
  company: '',
  city: '',
  stateCode: '',
  postalCode: '',
  phone: '',
  countryCode: DEFAULT_COUNTRY_CODE,
};

export const NAME_MIN = 2;
export const NAME_MAX = 25;
export const ADDRESS_LINE_MAX = 30;
/** The spec gives 13 in one manual form and 45 in another; the shipping and billing form takes 45. */
export const CITY_MAX = 45;
export const ZIP_MAX = 10;
export const PHONE_MAX = 14;
/** Product spec §9: no single digit may appear more than 5 times in a phone number. */
export const PHONE_DIGIT_REPEAT_CAP = 5;

// The spec names these messages (checkout §5: first and last name required, valid mobile phone, address required,
// valid zip code, valid state, valid city, and the generic one); the wording is ours.
export const FIRST_NAME_REQUIRED = 'First name is required';
export const LAST_NAME_REQUIRED = 'Last name is required';
export const NAME_LENGTH = `Enter ${NAME_MIN} to ${NAME_MAX} characters`;
export const NAME_INVALID = 'Use letters, spaces, apostrophes and hyphens only';
export const ADDRESS_REQUIRED = 'Address is required';
export const ADDRESS_INVALID = 'Enter a valid street address';
export const ADDRESS2_INVALID = 'Enter a valid apartment, suite or unit';
export const COMPANY_INVALID = 'Enter a valid company name';
export const TOO_LONG = (max: number) => `Use at most ${max} characters`;
export const CITY_REQUIRED = 'City is required';
export const CITY_INVALID = 'Enter a valid city';
export const STATE_REQUIRED = 'State is required';
export const STATE_INVALID = 'Choose a valid state';
export const ZIP_REQUIRED = 'ZIP code is required';
export const ZIP_INVALID = 'Enter a valid ZIP code';
export const PHONE_REQUIRED = 'Mobile phone is required';
export const PHONE_INVALID = 'Enter a valid mobile phone number';
export const COUNTRY_INVALID = 'We ship to the United States only';
export const FORM_INVALID = 'Please check that your information is valid';

/** Trimmed, inner runs of white space collapsed to one space. */
export const collapseSpaces = (value: string) => value.trim().replace(/\s+/g, ' ');

const NAME = /^[\p{L}'-](?:[\p{L}' -]*[\p{L}'-])?$/u;
const ADDRESS_LINE = /^[\p{L}\d ,.#'/-]+$/u;
const COMPANY = /^[\p{L}\d][\p{L}\d .#'/-]*$/u;
const CITY = /^\p{L}+(?:[ -]\p{L}+)*$/u;
const ZIP = /^\d{5}(?:-\d{4})?$/;
const PHONE_CHARACTERS = /^[\d ().+-]*$/;

/** The phone's digits, a leading country code 1 removed (no area code starts with 1). */
export const phoneDigits = (raw: string) => raw.replace(/\D/g, '').replace(/^1/, '');

/** Formats a phone as it is typed: digits only up to 6, then (xxx) xxx-xxxx; at most 10 digits kept. */
export function formatPhoneInput(raw: string): string {
  const digits = phoneDigits(raw).slice(0, 10);
  if (digits.length <= 6) return digits;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

function isValidPhone(value: string): boolean {
  if (!PHONE_CHARACTERS.test(value)) return false;
  const digits = phoneDigits(value);
  if (!/^[2-9]\d{9}$/.test(digits)) return false;
  const counts = new Map<string, number>();
  for (const d of digits) counts.set(d, (counts.get(d) ?? 0) + 1);
  return Math.max(...counts.values()) <= PHONE_DIGIT_REPEAT_CAP;
}

const isValidZip = (value: string) => ZIP.test(value) && !/^(\d)\1*$/.test(value.replace('-', ''));
const isKnownState = (value: string) => Object.hasOwn(US_STATES, value);

const text = () => v.pipe(v.optional(v.string(), ''), v.transform(collapseSpaces), noCardNumber());

const name = (required: string) =>
  v.pipe(text(), v.minLength(1, required), v.minLength(NAME_MIN, NAME_LENGTH), v.maxLength(NAME_MAX, NAME_LENGTH), v.regex(NAME, NAME_INVALID));

/** One schema per field: the form checks a field alone with it, AddressSchema checks them all. */
export const ADDRESS_FIELD_SCHEMAS = {
  firstName: name(FIRST_NAME_REQUIRED),
  lastName: name(LAST_NAME_REQUIRED),
  // "Must contain a letter" is what makes a line of only spaces or only punctuation invalid.
  address1: v.pipe(
    text(),
    v.minLength(1, ADDRESS_REQUIRED),
    v.maxLength(ADDRESS_LINE_MAX, TOO_LONG(ADDRESS_LINE_MAX)),
    v.regex(ADDRESS_LINE, ADDRESS_INVALID),
    v.regex(/\p{L}/u, ADDRESS_INVALID),
  ),
  // Optional; the same characters as line 1 with a letter or a digit ('4B', '#12', 'Apt 3').
  address2: v.pipe(
    text(),
    v.maxLength(ADDRESS_LINE_MAX, TOO_LONG(ADDRESS_LINE_MAX)),
    v.check((s) => s === '' || (ADDRESS_LINE.test(s) && /[\p{L}\d]/u.test(s)), ADDRESS2_INVALID),
  ),
  company: v.pipe(
    text(),
    v.maxLength(ADDRESS_LINE_MAX, TOO_LONG(ADDRESS_LINE_MAX)),
    v.check((s) => s === '' || COMPANY.test(s), COMPANY_INVALID),
  ),
  city: v.pipe(text(), v.minLength(1, CITY_REQUIRED), v.maxLength(CITY_MAX, TOO_LONG(CITY_MAX)), v.regex(CITY, CITY_INVALID)),
  stateCode: v.pipe(
    text(),
    v.transform((s) => s.toUpperCase()),
    v.minLength(1, STATE_REQUIRED),
    v.check(isKnownState, STATE_INVALID),
  ),
  postalCode: v.pipe(text(), v.minLength(1, ZIP_REQUIRED), v.maxLength(ZIP_MAX, ZIP_INVALID), v.check(isValidZip, ZIP_INVALID)),
  phone: v.pipe(
    text(),
    v.minLength(1, PHONE_REQUIRED),
    v.maxLength(PHONE_MAX, PHONE_INVALID),
    v.check(isValidPhone, PHONE_INVALID),
    v.transform(formatPhoneInput),
  ),
  countryCode: v.pipe(
    v.optional(v.string(), DEFAULT_COUNTRY_CODE),
    v.transform((s) => collapseSpaces(s).toUpperCase() || DEFAULT_COUNTRY_CODE),
    v.picklist([DEFAULT_COUNTRY_CODE], COUNTRY_INVALID),
  ),
} satisfies Record<AddressField, v.GenericSchema<unknown, string>>;

/** The address the island sends and the endpoints accept; its output is the normalised address that is stored. */
export const AddressSchema = v.object(ADDRESS_FIELD_SCHEMAS);

/** One field's error, or undefined when the value is valid. */
export function addressFieldError(field: AddressField, value: unknown): string | undefined {
  const result = v.safeParse(ADDRESS_FIELD_SCHEMAS[field], value);
  return result.success ? undefined : result.issues[0]?.message;
}

/** Every field's error at once (the form shows all of them on submit, not only the first). */
export function addressFieldErrors(values: Partial<Record<AddressField, unknown>>): Partial<Record<AddressField, string>> {
  const errors: Partial<Record<AddressField, string>> = {};
  for (const field of ADDRESS_FIELDS) {
    const message = addressFieldError(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

/**
 * What is stored: every field trimmed with spaces collapsed, the state upper-case, the phone formatted
 * (xxx) xxx-xxxx, the country US when not given. It does not validate: AddressSchema does both.
 */
export function normalizeAddress(draft: Partial<AddressDraft>): AddressDraft {
  const out = { ...EMPTY_ADDRESS };
  for (const field of ADDRESS_FIELDS) out[field] = collapseSpaces(draft[field] ?? '');
  out.stateCode = out.stateCode.toUpperCase();
  out.countryCode = out.countryCode.toUpperCase() || DEFAULT_COUNTRY_CODE;
  out.phone = out.phone && formatPhoneInput(out.phone);
  return out;
}

/**
 * A postal box: line 1 or 2 names one. The spec names 'po box' and 'p.o. box'; we also take the spellings a
 * shopper writes for the same thing ('P O Box', 'P. O. Box', 'POBox', 'Post Office Box'), any case, as whole words
 * (so 'Tempo Boxwood Rd' is not one).
 */
const PO_BOX = /\b(?:p\.?\s*o\.?|post\s+office)\s*box\b/i;
export const isPoBox = (address: Partial<Pick<AddressDraft, 'address1' | 'address2'>>) =>
  PO_BOX.test(address.address1 ?? '') || PO_BOX.test(address.address2 ?? '');

/**
 * Checkout spec §5: a saved address missing address1, city, phone, postalCode or stateCode is disabled, and a
 * shipping update requires the same five. "Missing" means empty or blank.
 */
export const REQUIRED_FOR_SHIPPING = ['address1', 'city', 'phone', 'postalCode', 'stateCode'] as const;
export const isCompleteAddress = (address: Partial<Record<AddressField, string | null | undefined>>) =>
  REQUIRED_FOR_SHIPPING.every((field) => (address[field] ?? '').trim() !== '');
