import { describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS } from '#src/lib/checkout/address-rules.ts';
import {
  type AddressSuggestion,
  applySuggestion,
  isUsableCandidate,
  isUsableLine,
  nearPlaceOf,
  selectedParam,
  splitSearch,
  singleLine,
  suggestionLabel,
  type VerifiedCandidate,
  verificationOf,
} from '#src/lib/checkout/address-suggestions.ts';

const entered = { address1: '224 West 35th Street', address2: '', city: 'New York', stateCode: 'NY', postalCode: '10001' };
const candidate: VerifiedCandidate = {
  address1: '224 W 35th St',
  address2: '',
  city: 'New York',
  stateCode: 'NY',
  postalCode: '10001-1203',
  precision: 'Zip9',
  rdi: 'Commercial',
};

describe('the usability rule (product spec §4)', () => {
  it('a suggestion is usable only if comma-separated with at least 4 parts and a 6-character last part', () => {
    expect(isUsableLine('224 W 35th St, New York, NY, 10001')).toBe(true);
    expect(isUsableLine('224 W 35th St, Apt 4, New York, NY, 10001')).toBe(true);
    expect(isUsableLine('224 W 35th St, New York, NY 10001')).toBe(false); // 3 parts
    expect(isUsableLine('224 W 35th St, New York, NY, 10001-1203')).toBe(false); // last part 11 characters
    expect(isUsableLine('224 W 35th St, New York, NY,10001')).toBe(false); // last part 5 characters
  });
  it('the single-line form is street, city, state and 5-digit ZIP', () => {
    expect(singleLine(candidate)).toBe('224 W 35th St, New York, NY, 10001');
    expect(singleLine({ ...candidate, address2: 'Apt 4' })).toBe('224 W 35th St Apt 4, New York, NY, 10001');
  });
  it('unknown precision or a missing delivery type means invalid', () => {
    expect(isUsableCandidate(candidate)).toBe(true);
    expect(isUsableCandidate({ ...candidate, precision: 'Unknown' })).toBe(false);
    expect(isUsableCandidate({ ...candidate, precision: '' })).toBe(false);
    expect(isUsableCandidate({ ...candidate, rdi: '' })).toBe(false);
    // a city with a comma breaks the line's shape
    expect(isUsableCandidate({ ...candidate, city: 'New York, Manhattan', postalCode: '1000' })).toBe(false);
  });
});

describe('verification outcome', () => {
  it('a differing suggestion is offered (the Confirm Address modal), the first usable one', () => {
    const verification = verificationOf(entered, [{ ...candidate, precision: 'Unknown', address1: 'Wrong' }, candidate]);
    expect(verification).toEqual({
      status: 'corrected',
      suggested: { address1: '224 W 35th St', address2: '', city: 'New York', stateCode: 'NY', postalCode: '10001-1203' },
    });
  });
  it('the same address (case, spacing and the +4 aside) is confirmed', () => {
    expect(verificationOf({ ...entered, address1: '224  w 35TH st' }, [candidate])).toEqual({ status: 'confirmed' });
  });
  it('no usable candidate cannot be verified', () => {
    expect(verificationOf(entered, [])).toEqual({ status: 'unverifiable', reason: 'not-found' });
    expect(verificationOf(entered, [{ ...candidate, rdi: '' }])).toEqual({ status: 'unverifiable', reason: 'not-found' });
  });
});

describe('suggestions in the form', () => {
  const withEntries: AddressSuggestion = {
    streetLine: '1042 W Center St',
    secondary: 'Apt',
    city: 'Orem',
    stateCode: 'UT',
    zipcode: '84057',
    entries: 3,
  };
  it('read as one line, with the number of sub-addresses', () => {
    expect(suggestionLabel(withEntries)).toBe('1042 W Center St Apt (3 entries), Orem, UT 84057');
    expect(suggestionLabel({ ...withEntries, streetLine: '', secondary: '', entries: 0 })).toBe('Orem, UT 84057');
  });
  it("an entry with sub-addresses is expanded with Smarty's selected form", () => {
    expect(selectedParam(withEntries)).toBe('1042 W Center St Apt (3) Orem UT 84057');
  });
  it('choosing fills street, unit, city, state and ZIP and keeps the rest', () => {
    const draft = { ...EMPTY_ADDRESS, firstName: 'Ann', address1: '1042 W C', address2: 'Apt 9' };
    expect(applySuggestion(draft, { ...withEntries, secondary: 'Apt 2', entries: 1 })).toEqual({
      ...draft,
      address1: '1042 W Center St',
      address2: 'Apt 2',
      city: 'Orem',
      stateCode: 'UT',
      postalCode: '84057',
    });
  });
});

describe('a search as typed: the street, and the place after it', () => {
  it('a street before a comma, the place after it', () => {
    expect(splitSearch('12 Main St, Portl')).toEqual({ street: '12 Main St', place: 'Portl' });
    expect(splitSearch('12 Main St,')).toEqual({ street: '12 Main St', place: '' });
    expect(splitSearch(' 12  Main St , Portland, OR ')).toEqual({ street: '12 Main St', place: 'Portland OR' });
  });

  it('without a comma: a house number and a word is a street alone; anything else is a place (city or ZIP)', () => {
    expect(splitSearch('123 Main')).toEqual({ street: '123 Main', place: '' });
    expect(splitSearch('12B Elm')).toEqual({ street: '12B Elm', place: '' });
    expect(splitSearch('123')).toEqual({ street: '', place: '123' });
    expect(splitSearch('New Yo')).toEqual({ street: '', place: 'New Yo' });
    expect(splitSearch('Portland ME 041')).toEqual({ street: '', place: 'Portland ME 041' });
  });
});

describe('the place the form already names', () => {
  it("the form's own valid city, state and five-digit ZIP", () => {
    expect(nearPlaceOf({ city: 'Springfield', stateCode: 'il', postalCode: '62701-1234' })).toEqual({
      city: 'Springfield',
      stateCode: 'IL',
      postalCode: '62701',
    });
    expect(nearPlaceOf({ city: 'Spr1ng', stateCode: 'ZZ', postalCode: '627' })).toEqual({});
  });

  it('else the known place (the shipping address, for the billing form)', () => {
    const known = { city: 'Albany', stateCode: 'NY', postalCode: '12207' };
    expect(nearPlaceOf({ city: '', stateCode: '', postalCode: '' }, known)).toEqual(known);
    expect(nearPlaceOf({ city: '', stateCode: 'IL', postalCode: '' }, known)).toEqual({ stateCode: 'IL' });
    expect(nearPlaceOf({ city: '', stateCode: '', postalCode: '' }, null)).toEqual({});
  });
});
