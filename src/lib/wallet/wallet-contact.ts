import * as v from 'valibot';
import { DEFAULT_COUNTRY_CODE } from '../constants.ts';
import { AddressSchema, COUNTRY_INVALID, STATE_INVALID, ZIP_INVALID, type AddressDraft, type AddressField } from '../checkout/address-rules.ts';
import { Email } from '../schemas/email.ts';
import { US_STATES } from '../us-states.ts';

/**
 * The payment sheet's contacts (Apple Pay JS v3, ApplePayPaymentContact) in the checkout's terms: the sheet's address
 * is checked by the checkout's own address schema, and each problem goes back to the sheet as an ApplePayError on the
 * contact field it concerns, so the shopper corrects it there.
 */
export type WalletErrorCode = 'shippingContactInvalid' | 'billingContactInvalid' | 'addressUnserviceable' | 'unknown';
export type WalletContactField =
  | 'name'
  | 'addressLines'
  | 'locality'
  | 'administrativeArea'
  | 'postalCode'
  | 'countryCode'
  | 'phoneNumber'
  | 'emailAddress';

/** ApplePayError's fields, as the sheet takes them (`new ApplePayError(code, contactField, message)`). */
export interface WalletError {
  code: WalletErrorCode;
  contactField?: WalletContactField;
  message: string;
}

const part = (max: number) => v.optional(v.pipe(v.string(), v.maxLength(max)), '');

/** What `onshippingcontactselected` gives before the shopper authorizes: a redacted contact (no name, no street). */
export const WalletRedactedContactSchema = v.object({
  countryCode: part(64),
  administrativeArea: part(64),
  locality: part(64),
  postalCode: part(16),
});
export type WalletRedactedContact = v.InferOutput<typeof WalletRedactedContactSchema>;

/** A full contact, as the authorized payment carries it. */
export const WalletContactSchema = v.object({
  givenName: part(64),
  familyName: part(64),
  addressLines: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(128))), v.maxLength(4)), []),
  locality: part(64),
  administrativeArea: part(64),
  postalCode: part(16),
  countryCode: part(64),
  emailAddress: part(254),
  phoneNumber: part(32),
});
export type WalletContact = v.InferOutput<typeof WalletContactSchema>;

/** The sheet's administrative area as our state code: Apple sends 'CA' or, on some devices, 'California'. */
export function stateCodeOf(area: string): string {
  const trimmed = area.trim();
  const upper = trimmed.toUpperCase();
  if (Object.hasOwn(US_STATES, upper)) return upper;
  const byName = Object.entries(US_STATES).find(([, name]) => name.toLowerCase() === trimmed.toLowerCase());
  return byName ? byName[0] : upper;
}

const countryOf = (code: string) => code.trim().toUpperCase() || DEFAULT_COUNTRY_CODE;

/** A redacted contact's problems: a country or state we do not ship to, a ZIP code that is not one. */
export function redactedContactErrors(contact: WalletRedactedContact): WalletError[] {
  const errors: WalletError[] = [];
  if (countryOf(contact.countryCode) !== DEFAULT_COUNTRY_CODE) {
    errors.push({ code: 'addressUnserviceable', contactField: 'countryCode', message: COUNTRY_INVALID });
    return errors;
  }
  if (!Object.hasOwn(US_STATES, stateCodeOf(contact.administrativeArea))) {
    errors.push({ code: 'addressUnserviceable', contactField: 'administrativeArea', message: STATE_INVALID });
  }
  const zip = v.safeParse(AddressSchema.entries.postalCode, contact.postalCode);
  if (!zip.success) errors.push({ code: 'shippingContactInvalid', contactField: 'postalCode', message: ZIP_INVALID });
  return errors;
}

const FIELD_ON_SHEET: Record<AddressField, WalletContactField> = {
  firstName: 'name',
  lastName: 'name',
  address1: 'addressLines',
  address2: 'addressLines',
  company: 'addressLines',
  city: 'locality',
  stateCode: 'administrativeArea',
  postalCode: 'postalCode',
  phone: 'phoneNumber',
  countryCode: 'countryCode',
};

export type WalletAddress = { ok: true; address: v.InferOutput<typeof AddressSchema> } | { ok: false; errors: WalletError[] };

/**
 * A full contact as a checkout address, checked by the address form's schema (every problem at once). The billing
 * contact has no phone on Apple's sheet: the shipping contact's is used (`phone`).
 */
export function walletAddress(contact: WalletContact, kind: 'shipping' | 'billing', phone = contact.phoneNumber): WalletAddress {
  const draft: AddressDraft = {
    firstName: contact.givenName,
    lastName: contact.familyName,
    address1: contact.addressLines[0] ?? '',
    address2: contact.addressLines[1] ?? '',
    company: '',
    city: contact.locality,
    stateCode: stateCodeOf(contact.administrativeArea),
    postalCode: contact.postalCode,
    phone,
    countryCode: countryOf(contact.countryCode),
  };
  const parsed = v.safeParse(AddressSchema, draft, { abortPipeEarly: true });
  if (parsed.success) return { ok: true, address: parsed.output };
  const code = kind === 'shipping' ? 'shippingContactInvalid' : 'billingContactInvalid';
  return {
    ok: false,
    errors: parsed.issues.map((issue) => {
      const field = issue.path?.[0]?.key as AddressField;
      return { code: field === 'countryCode' ? 'addressUnserviceable' : code, contactField: FIELD_ON_SHEET[field], message: issue.message };
    }),
  };
}

/** The shipping contact's e-mail, checked (and normalised) as the information step checks it. */
export function walletEmail(contact: WalletContact): { ok: true; email: string } | { ok: false; errors: WalletError[] } {
  const parsed = v.safeParse(Email, contact.emailAddress);
  if (parsed.success) return { ok: true, email: parsed.output };
  return { ok: false, errors: [{ code: 'shippingContactInvalid', contactField: 'emailAddress', message: parsed.issues[0].message }] };
}
