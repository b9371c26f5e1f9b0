import { describe, expect, it } from 'vitest';
import { nameLines } from '#src/lib/name-parts.ts';
import { addressLines } from '#src/lib/checkout/address-lines.ts';

const address = (firstName: string, lastName: string) => ({
  firstName,
  lastName,
  address1: '1 Main St',
  address2: '',
  company: '',
  countryCode: 'US',
  city: 'Springfield',
  stateCode: 'IL',
  postalCode: '62701',
  phone: '(217) 555-0100',
});

describe('the small-text rule (header spec §5: two name parts joined only when their combined length is at most 27)', () => {
  it('joins two parts of 27 characters together, and keeps parts of 28 apart', () => {
    expect(nameLines('Ada', 'Lovelace')).toEqual(['Ada Lovelace']);
    expect(nameLines('Maximiliana', 'Featherstonehaug')).toEqual(['Maximiliana Featherstonehaug']); // 11 + 16 = 27
    expect(nameLines('Maximiliana', 'Featherstonehaugh')).toEqual(['Maximiliana', 'Featherstonehaugh']); // 11 + 17 = 28
  });
  it("governs an address's name line in the checkout's summary and saved addresses", () => {
    expect(addressLines(address('Ada', 'Lovelace'))[0]).toBe('Ada Lovelace');
    expect(addressLines(address('Maximiliana', 'Featherstonehaugh')).slice(0, 2)).toEqual(['Maximiliana', 'Featherstonehaugh']);
  });
});
