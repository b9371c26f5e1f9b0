import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_FIELDS,
  ADDRESS_INVALID,
  ADDRESS_REQUIRED,
  AddressSchema,
  type AddressDraft,
  addressFieldError,
  addressFieldErrors,
  CITY_INVALID,
  CITY_REQUIRED,
  COMPANY_INVALID,
  EMPTY_ADDRESS,
  FIRST_NAME_REQUIRED,
  formatPhoneInput,
  isCompleteAddress,
  isPoBox,
  LAST_NAME_REQUIRED,
  NAME_INVALID,
  NAME_LENGTH,
  normalizeAddress,
  PHONE_INVALID,
  PHONE_REQUIRED,
  STATE_INVALID,
  STATE_REQUIRED,
  TOO_LONG,
  ZIP_INVALID,
  ZIP_REQUIRED,
} from '#src/lib/checkout/address-rules.ts';

const valid: AddressDraft = {
  firstName: 'Ann',
  lastName: "O'Brien-Smith",
  address1: '224 W 35th St',
  address2: 'Apt 4B',
  company: 'Acme Co.',
  city: 'New York',
  stateCode: 'NY',
  postalCode: '10001',
  phone: '(212) 555-0134',
  countryCode: 'US',
};
const err = (field: keyof AddressDraft, value: string) => addressFieldError(field, value);

describe('names (product spec §5)', () => {
  it('are required, 2 to 25 characters', () => {
    expect(err('firstName', '')).toBe(FIRST_NAME_REQUIRED);
    expect(err('lastName', '   ')).toBe(LAST_NAME_REQUIRED);
    expect(err('firstName', 'A')).toBe(NAME_LENGTH);
    expect(err('firstName', 'Al')).toBeUndefined();
    expect(err('firstName', 'A'.repeat(25))).toBeUndefined();
    expect(err('firstName', 'A'.repeat(26))).toBe(NAME_LENGTH);
  });
  it('take letters, apostrophes, hyphens and spaces, starting and ending with a letter, apostrophe or hyphen', () => {
    for (const ok of ["O'Neil", 'Mary Ann', 'Jean-Luc', 'Zoë', "D'", '-Al']) expect(err('firstName', ok), ok).toBeUndefined();
    for (const bad of ['Ann2', 'Ann.', 'J@ne', 'Ann_Lee']) expect(err('firstName', bad), bad).toBe(NAME_INVALID);
  });
  it('have their spaces removed on blur: trimmed, and runs of inner spaces collapsed to one', () => {
    expect(err('firstName', '  Mary    Ann ')).toBeUndefined();
    expect(normalizeAddress({ firstName: '  Mary    Ann ' }).firstName).toBe('Mary Ann');
    // 25 characters once collapsed, though 30 as typed
    expect(err('firstName', `  ${'A'.repeat(12)}      ${'B'.repeat(12)}  `)).toBeUndefined();
  });
});

describe('address line 1', () => {
  it('is required, at most 30 characters', () => {
    expect(err('address1', '')).toBe(ADDRESS_REQUIRED);
    expect(err('address1', `1 ${'a'.repeat(28)}`)).toBeUndefined();
    expect(err('address1', `1 ${'a'.repeat(29)}`)).toBe(TOO_LONG(30));
  });
  it('must contain a letter: only spaces, only digits or only punctuation is invalid', () => {
    expect(err('address1', '     ')).toBe(ADDRESS_REQUIRED);
    expect(err('address1', '12345')).toBe(ADDRESS_INVALID);
    expect(err('address1', '#.,-/')).toBe(ADDRESS_INVALID);
  });
  it('allows letters, digits, spaces, comma, period, hash, hyphen, apostrophe and slash', () => {
    expect(err('address1', "12-1/2 St. John's Rd, #4")).toBeUndefined();
    for (const bad of ['1 Main St!', '1 Main St; DROP', '1 Main (rear)', '1 Main St @ 2nd']) expect(err('address1', bad), bad).toBe(ADDRESS_INVALID);
  });
});

describe('address line 2 and company', () => {
  it('are optional, at most 30 characters', () => {
    expect(err('address2', '')).toBeUndefined();
    expect(err('company', '')).toBeUndefined();
    expect(err('address2', 'A'.repeat(31))).toBe(TOO_LONG(30));
    expect(err('company', 'A'.repeat(31))).toBe(TOO_LONG(30));
  });
  it('line 2 takes a unit such as 4B, #12 or Apt 3, not punctuation alone', () => {
    for (const ok of ['4B', '#12', 'Apt 3', 'Ste. 200']) expect(err('address2', ok), ok).toBeUndefined();
    expect(err('address2', '#--')).toBeDefined();
  });
  it('company starts with a letter or digit; letters, digits, dot, hyphen, slash, hash, apostrophe and space', () => {
    for (const ok of ['3M', "Macy's Inc.", 'A/B Co #2', 'Smith-Jones']) expect(err('company', ok), ok).toBeUndefined();
    for (const bad of ['.Acme', '-Acme', 'Acme & Sons', 'Acme, Inc']) expect(err('company', bad), bad).toBe(COMPANY_INVALID);
  });
});

describe('city', () => {
  it('is required, letters with single space or hyphen separators, at most 45 on this form', () => {
    expect(err('city', '')).toBe(CITY_REQUIRED);
    for (const ok of ['New York', 'Winston-Salem', 'St Thomas', 'A'.repeat(45)]) expect(err('city', ok), ok).toBeUndefined();
    for (const bad of ['New--York', 'New York 2', 'St. Louis', '-Salem', 'Salem-']) expect(err('city', bad), bad).toBe(CITY_INVALID);
    expect(err('city', 'A'.repeat(46))).toBe(TOO_LONG(45));
  });
});

describe('state', () => {
  it('is required and one of the 50 states plus DC, AS, GU, MP, PR and VI, shown upper-case', () => {
    expect(err('stateCode', '')).toBe(STATE_REQUIRED);
    for (const ok of ['NY', 'dc', 'AS', 'GU', 'MP', 'PR', 'VI']) expect(err('stateCode', ok), ok).toBeUndefined();
    for (const bad of ['XX', 'AE', 'AP', 'PW', 'NYC', 'constructor']) expect(err('stateCode', bad), bad).toBe(STATE_INVALID);
    expect(normalizeAddress({ stateCode: ' ny ' }).stateCode).toBe('NY');
  });
});

describe('ZIP code', () => {
  it('is required: 5 digits or 5+4 with a hyphen', () => {
    expect(err('postalCode', '')).toBe(ZIP_REQUIRED);
    expect(err('postalCode', '10001')).toBeUndefined();
    expect(err('postalCode', '10001-2345')).toBeUndefined();
    for (const bad of ['1000', '100011', '10001-234', '10001 2345', '1000a', '10001-23456']) expect(err('postalCode', bad), bad).toBe(ZIP_INVALID);
  });
  it('is rejected when all its digits are the same', () => {
    expect(err('postalCode', '11111')).toBe(ZIP_INVALID);
    expect(err('postalCode', '00000-0000')).toBe(ZIP_INVALID);
    expect(err('postalCode', '11111-1112')).toBeUndefined();
  });
});

describe('phone', () => {
  it('is required: 10 digits with an area code starting 2-9, separators allowed, an optional leading 1', () => {
    expect(err('phone', '')).toBe(PHONE_REQUIRED);
    for (const ok of ['2125550134', '212-555-0134', '(212) 555-0134', '1 212 555 0134', '212.555.0134']) expect(err('phone', ok), ok).toBeUndefined();
    for (const bad of ['0125550134', '1125550134', '212555013', '21255501345', '212/555/0134', 'call 2125550134'])
      expect(err('phone', bad), bad).toBe(PHONE_INVALID);
  });
  it('is at most 14 characters', () => {
    expect(err('phone', '+1 212 555 0134')).toBe(PHONE_INVALID);
    expect(err('phone', '1-212-555-0134')).toBeUndefined();
  });
  it('has no single digit more than 5 times', () => {
    expect(err('phone', '2222226789')).toBe(PHONE_INVALID);
    expect(err('phone', '2222236789')).toBeUndefined();
  });
  it('is formatted (xxx) xxx-xxxx once over 6 digits, the leading 1 removed', () => {
    expect(formatPhoneInput('212')).toBe('212');
    expect(formatPhoneInput('212555')).toBe('212555');
    expect(formatPhoneInput('2125550')).toBe('(212) 555-0');
    expect(formatPhoneInput('12125550134')).toBe('(212) 555-0134');
    expect(formatPhoneInput('+1 (212) 555-0134 ext 9')).toBe('(212) 555-0134');
    expect(normalizeAddress({ phone: '212.555.0134' }).phone).toBe('(212) 555-0134');
  });
});

describe('country', () => {
  it('defaults to US', () => {
    expect(v.parse(AddressSchema, { ...valid, countryCode: undefined }).countryCode).toBe('US');
    expect(v.parse(AddressSchema, { ...valid, countryCode: '' }).countryCode).toBe('US');
    expect(err('countryCode', 'CA')).toBeDefined();
  });
});

describe('the whole form', () => {
  it('gives every field its error at once', () => {
    expect(addressFieldErrors(EMPTY_ADDRESS)).toEqual({
      firstName: FIRST_NAME_REQUIRED,
      lastName: LAST_NAME_REQUIRED,
      address1: ADDRESS_REQUIRED,
      city: CITY_REQUIRED,
      stateCode: STATE_REQUIRED,
      postalCode: ZIP_REQUIRED,
      phone: PHONE_REQUIRED,
    });
    expect(addressFieldErrors(valid)).toEqual({});
  });
  it('stores the normalised address: trimmed, state upper-case, phone formatted', () => {
    const typed = { ...valid, firstName: ' Ann ', city: 'New  York ', stateCode: 'ny', phone: '1-212-555-0134' };
    const stored = v.parse(AddressSchema, typed);
    expect(stored).toEqual({ ...valid, city: 'New York' });
    expect(normalizeAddress(typed)).toEqual(stored);
  });
  it('drops keys it does not know', () => {
    expect(Object.keys(v.parse(AddressSchema, { ...valid, addressId: 'x', price: 1 })).sort()).toEqual([...ADDRESS_FIELDS].sort());
  });
});

describe('P.O. boxes', () => {
  it("are found as 'po box' and 'p.o. box' in either line, any case, and the other spellings of the same", () => {
    for (const line of ['PO Box 12', 'p.o. box 9', 'P O Box 3', 'P. O. Box 3', 'POBox 7', 'Post Office Box 1', 'po  box 4'])
      expect(isPoBox({ address1: line }), line).toBe(true);
    expect(isPoBox({ address1: '1 Main St', address2: 'PO Box 5' })).toBe(true);
  });
  it('are not found in street names that merely contain the letters', () => {
    for (const line of ['1 Tempo Boxwood Rd', '12 Expo Box St', '9 Boxer St', 'Apo Boxes']) expect(isPoBox({ address1: line }), line).toBe(false);
  });
});

describe('complete addresses (checkout spec §5)', () => {
  it('need address1, city, phone, postalCode and stateCode; a saved address missing one is disabled', () => {
    expect(isCompleteAddress(valid)).toBe(true);
    expect(isCompleteAddress({ ...valid, address2: '', company: '' })).toBe(true);
    for (const field of ['address1', 'city', 'phone', 'postalCode', 'stateCode'] as const) {
      expect(isCompleteAddress({ ...valid, [field]: '  ' }), field).toBe(false);
      expect(isCompleteAddress({ ...valid, [field]: undefined }), field).toBe(false);
    }
  });
});

describe('the form and the schema agree (property)', () => {
  const fieldText = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.stringMatching(/^[A-Za-z' -]{0,30}$/),
    fc.stringMatching(/^[0-9 ()+.-]{0,16}$/),
    fc.stringMatching(/^\d{5}(-\d{4})?$/),
    fc.constantFrom('NY', 'ny', 'XX', '', 'US', '  ', '(212) 555-0134', '224 W 35th St'),
  );
  const draft = fc.record(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, fc.option(fieldText, { nil: undefined })])), {
    requiredKeys: [],
  }) as fc.Arbitrary<Partial<Record<keyof AddressDraft, string>>>;

  it('addressFieldErrors is empty exactly when AddressSchema accepts, with the same message per field, and neither throws', () => {
    fc.assert(
      fc.property(draft, (values) => {
        const errors = addressFieldErrors(values);
        const parsed = v.safeParse(AddressSchema, values);
        expect(parsed.success).toBe(Object.keys(errors).length === 0);
        if (!parsed.success) {
          const first: Record<string, string> = {};
          for (const issue of parsed.issues) {
            const key = String(issue.path?.[0]?.key);
            first[key] ??= issue.message;
          }
          expect(first).toEqual(errors);
        } else {
          expect(parsed.output).toEqual(normalizeAddress(values));
        }
      }),
      { numRuns: 10_000 },
    );
  });

  it('a valid phone is stored as (xxx) xxx-xxxx and formatting it again changes nothing', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^1?[2-9]\d{9}$/), (digits) => {
        const formatted = formatPhoneInput(digits);
        expect(formatPhoneInput(formatted)).toBe(formatted);
        if (!addressFieldError('phone', digits)) expect(formatted).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      }),
      { numRuns: 10_000 },
    );
  });
});
