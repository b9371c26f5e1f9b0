import * as v from 'valibot';
import { checkInput } from '#src/lib/schemas/input.ts';
import { describe, expect, it } from 'vitest';
import {
  afterEvent,
  ageOn,
  guestPreScreenData,
  isoBirthDate,
  offerOpen,
  PlccDataSchema,
  resultView,
  type StoreCardOffer,
} from '#src/lib/store-card-offer/offer-rules.ts';
import { RtpsDetailsSchema, RtpsPlccDetailsSchema } from '#src/lib/store-card-offer/offer-requests.ts';

const offer: StoreCardOffer = { id: 'o', creditLimitCents: 150_000, viewed: false, rebuttalEligible: false, closed: false, result: null };

describe('the store card offer (product spec §4 "Card pre-screening offers")', () => {
  it('leads APPROVED to registration, PENDING and DECLINED to review, ACCOUNT_EXISTS to already a card holder, ERROR to error', () => {
    expect(resultView('APPROVED')).toBe('registration');
    expect(resultView('PENDING')).toBe('review');
    expect(resultView('DECLINED')).toBe('review');
    expect(resultView('ACCOUNT_EXISTS')).toBe('card-holder');
    expect(resultView('ERROR')).toBe('error');
  });

  it('marks a rebuttal eligible when the offer is answered NO, and closes the offer at the second NO', () => {
    const seen = afterEvent(offer, 'viewed');
    expect(seen).toMatchObject({ viewed: true, rebuttalEligible: false, closed: false });
    const rebuttal = afterEvent(seen, 'no');
    expect(rebuttal).toMatchObject({ rebuttalEligible: true, closed: false });
    expect(offerOpen(rebuttal)).toBe(true);
    const closed = afterEvent(rebuttal, 'no');
    expect(closed).toMatchObject({ rebuttalEligible: false, closed: true });
    expect(offerOpen(closed)).toBe(false);
    expect(offerOpen({ ...offer, result: 'PENDING' })).toBe(false);
    expect(offerOpen(null)).toBe(false);
  });

  it("keeps a guest's pre-screen phone as digits only and the postal code cut to 5", () => {
    const kept = guestPreScreenData({
      firstName: 'Ada',
      lastName: 'Approved',
      address1: '12 Main St',
      city: 'Springfield',
      stateCode: 'IL',
      postalCode: '62701-4321',
      phone: '+1 (217) 555-0134',
    });
    expect(kept.phone).toBe('12175550134');
    expect(kept.postalCode).toBe('62701');
  });
});

describe('the application form', () => {
  const today = new Date();
  const years = (n: number) =>
    `${String(today.getUTCMonth() + 1).padStart(2, '0')}/${String(today.getUTCDate()).padStart(2, '0')}/${today.getUTCFullYear() - n}`;
  const valid = {
    offerId: '0b7c7b0e-8f7e-4a43-9d5a-0d2f3f4b5c6d',
    phone: '(217) 555-0134',
    birthDate: '07/14/1988',
    ssnLast4: '1000',
    consent: true,
  };
  const message = (input: unknown) => {
    const r = v.safeParse(PlccDataSchema, input);
    return r.success ? null : r.issues[0].message;
  };

  it('takes a 10-digit phone as digits and a birth date as MM/DD/YYYY', () => {
    expect(v.parse(PlccDataSchema, valid)).toMatchObject({ phone: '2175550134', birthDate: '1988-07-14' });
  });

  it('names what is wrong', () => {
    expect(message({ ...valid, phone: '555-0134' })).toBe('Please enter a 10-digit mobile phone number.');
    expect(message({ ...valid, birthDate: '02/30/1990' })).toBe('Please enter your date of birth as MM/DD/YYYY.');
    expect(message({ ...valid, birthDate: years(17) })).toBe('You must be 18 or older to apply.');
    expect(message({ ...valid, birthDate: years(18) })).toBeNull();
    expect(message({ ...valid, ssnLast4: '12a4' })).toBe('Please enter the last 4 digits of your Social Security number.');
    expect(message({ ...valid, consent: false })).toBe('Please agree to the terms to apply.');
    expect(message({ ...valid, offerId: 'x' })).toBe('This offer is no longer available.');
    expect(message({ ...valid, ssn: '123456789' })).not.toBeNull();
  });

  it('counts whole years of age', () => {
    expect(ageOn('2000-03-01', new Date('2018-02-28T12:00:00Z'))).toBe(17);
    expect(ageOn('2000-03-01', new Date('2018-03-01T00:00:00Z'))).toBe(18);
    expect(isoBirthDate('1988-07-14')).toBe('1988-07-14');
    expect(isoBirthDate('13/01/1988')).toBeNull();
  });

  it('reads the rtps bodies as the spec names them', () => {
    expect(v.parse(RtpsDetailsSchema, { preScreenData: { isPrescreenedInCheckout: true }, accessToken: 't' }).preScreenData).toEqual({
      rtpsAddress: 'shipping',
      isPrescreenedInCheckout: true,
    });
    expect(checkInput(RtpsDetailsSchema, {})).toEqual({ ok: false, message: 'preScreenData is required.' });
    expect(checkInput(RtpsPlccDetailsSchema, {})).toEqual({ ok: false, message: 'plccData is required.' });
    expect(checkInput(RtpsPlccDetailsSchema, { plccData: 'x' })).toEqual({ ok: false, message: 'plccData is required.' });
  });
});
