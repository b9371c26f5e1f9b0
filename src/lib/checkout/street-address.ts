import * as v from 'valibot';
import { ADDRESS_INVALID, ADDRESS_REQUIRED, AddressSchema, collapseSpaces, TOO_LONG } from './address-rules.ts';

/**
 * The single-line street address (product spec §3 Address `street_address`, §5 "Single-line address" and "Street
 * address (single line)"): street, city, two-capital state and 5-digit ZIP separated by commas, as an address
 * service or a pasted address gives it. Required when sent, at most 60 characters, invalid when only spaces or when
 * the state part is longer than 2 characters. The parts then meet every field's own rule (address-rules.ts).
 */
export const STREET_ADDRESS_MAX = 60;

export interface StreetAddressParts {
  address1: string;
  address2: string;
  city: string;
  stateCode: string;
  postalCode: string;
}

/** The line's parts: the last three are city, state and ZIP; the first is the street, any between it the unit. */
export function splitStreetAddress(line: string): StreetAddressParts | null {
  const parts = line.split(',').map(collapseSpaces);
  if (parts.length < 4) return null;
  const [city, stateCode, postalCode] = parts.slice(-3) as [string, string, string];
  const [address1 = '', ...units] = parts.slice(0, -3);
  return { address1, address2: units.filter(Boolean).join(' '), city, stateCode, postalCode };
}

export const StreetAddressLineSchema = v.pipe(
  v.string(ADDRESS_REQUIRED),
  v.minLength(1, ADDRESS_REQUIRED),
  v.maxLength(STREET_ADDRESS_MAX, TOO_LONG(STREET_ADDRESS_MAX)),
  v.check((s) => s.trim() !== '', ADDRESS_INVALID),
  v.check((s) => {
    const parts = splitStreetAddress(s);
    return !!parts && parts.address1 !== '' && parts.stateCode.length <= 2;
  }, ADDRESS_INVALID),
);

/**
 * An address as the entry forms and endpoints take it: the fields one by one, or `street_address` in place of the
 * street, unit, city, state and ZIP (the line's parts win over those fields). What comes out is AddressSchema's.
 */
export const AddressEntrySchema = v.pipe(
  v.looseObject({ street_address: v.optional(StreetAddressLineSchema) }),
  v.transform(({ street_address, ...fields }) => (street_address ? { ...fields, ...splitStreetAddress(street_address) } : fields)),
  AddressSchema,
);
