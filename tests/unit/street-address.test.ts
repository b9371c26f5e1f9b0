import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AddressEntrySchema, splitStreetAddress, StreetAddressLineSchema } from '#src/lib/checkout/street-address.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';

const message = (line: unknown) => {
  const r = v.safeParse(StreetAddressLineSchema, line);
  return r.success ? null : r.issues[0].message;
};

describe('the single-line street address (product spec §5: required, max 60; only spaces or a state part over 2 invalid)', () => {
  it('splits street, city, state and ZIP at the commas, a unit between street and city', () => {
    expect(splitStreetAddress('12 Main St, Springfield, IL, 62701')).toEqual({
      address1: '12 Main St',
      address2: '',
      city: 'Springfield',
      stateCode: 'IL',
      postalCode: '62701',
    });
    expect(splitStreetAddress(' 12  Main St , Apt 4 , Springfield,IL,62701')?.address2).toBe('Apt 4');
    expect(splitStreetAddress('12 Main St, Springfield 62701')).toBeNull();
  });
  it('is required, and takes 60 characters but not 61', () => {
    expect(message('')).toBe('Address is required');
    expect(message(undefined)).toBe('Address is required');
    const sixty = `${'1'.repeat(28)} Main St, Springfield, IL, 62701`;
    expect(sixty.length).toBe(60);
    expect(message(sixty)).toBeNull();
    expect(message(`1${sixty}`)).toBe('Use at most 60 characters');
  });
  it('is invalid when only spaces, or when the state part is over 2 characters', () => {
    expect(message('    ')).toBe('Enter a valid street address');
    expect(message('12 Main St, Springfield, ILL, 62701')).toBe('Enter a valid street address');
    expect(message(', Springfield, IL, 62701')).toBe('Enter a valid street address');
  });
  it("stands for the address's street, unit, city, state and ZIP, whose own rules then hold", () => {
    const { address1: _a, city: _c, stateCode: _s, postalCode: _p, ...names } = TEST_ADDRESS;
    const parsed = v.parse(AddressEntrySchema, { ...names, street_address: '9 Elm St, Apt 2, Portland, or, 97201' });
    expect(parsed).toMatchObject({ address1: '9 Elm St', address2: 'Apt 2', city: 'Portland', stateCode: 'OR', postalCode: '97201' });
    expect(parsed).not.toHaveProperty('street_address');
    const unknownState = v.safeParse(AddressEntrySchema, { ...names, street_address: '9 Elm St, Portland, ZZ, 97201' });
    expect(unknownState.success ? null : unknownState.issues[0].message).toBe('Choose a valid state');
    // Without the line, the fields one by one, as before.
    expect(v.parse(AddressEntrySchema, TEST_ADDRESS)).toMatchObject({ address1: '12 Main St', city: 'Springfield' });
  });
});
