import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { PLCC_TYPE } from '#src/lib/checkout/card-rules.ts';
import { SHIP_TO } from '../helpers/place-order-http.ts';

/**
 * The store card offer's calls over HTTP (product spec §7): rtps/details/ answers body.plccInfo and, for a guest with
 * an offer, body.guestPreScreenData, also kept in a cookie (the phone's digits, the postal code cut to 5); rtps/data/
 * takes the shopper's answer; rtps/plcc_details/ answers body.basketId with the basket replaced. The embedded bureau
 * decides from the applicant (docs/decisions.md "Store card offers": the last name Approved is pre-approved; the SSN's
 * last four picks the application's result). Bad input is a 4xx with a message.
 */
let n = 0;
const visitor = (playwright: { request: APIRequest }, baseURL: string) =>
  playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `10.93.${n++ & 255}.${Math.floor(Math.random() * 250)}` } });

async function ok(res: APIResponse) {
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).body;
}

async function atPayment(r: APIRequestContext, lastName: string) {
  await ok(await r.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1001-blk-M', quantity: 1 } }));
  await ok(await r.post('/api/checkout/email/', { data: { email: `rtps.${randomUUID().slice(0, 8)}@example.com` } }));
  await ok(
    await r.post('/api/checkout/shipping_address/create/', {
      data: { address: { ...SHIP_TO, lastName, phone: '(212) 555-0100', postalCode: '10001-2062' } },
    }),
  );
  await ok(await r.post('/api/checkout/shipping_method', { data: { shippingMethodId: 'Regular', confirm: true } }));
}

const details = (r: APIRequestContext) =>
  r.post('/api/checkout/rtps/details/', { data: { preScreenData: { rtpsAddress: 'shipping', isPrescreenedInCheckout: true } } });
const plccData = (offerId: string, ssnLast4: string) => ({ offerId, phone: '212-555-0100', birthDate: '03/09/1985', ssnLast4, consent: true });

test("a guest with an offer gets their pre-screen data back and in a cookie: the phone's digits, the postal code cut to 5", async ({
  playwright,
  baseURL,
}) => {
  const r = await visitor(playwright, baseURL!);
  await atPayment(r, 'Approved');
  const reply = await details(r);
  const body = await ok(reply);
  expect(body.plccInfo.offer).toMatchObject({
    id: expect.any(String),
    creditLimitCents: 150_000,
    viewed: false,
    rebuttalEligible: false,
    closed: false,
    result: null,
  });
  expect(body.guestPreScreenData).toMatchObject({ lastName: 'Approved', phone: '2125550100', postalCode: '10001' });
  const cookie = (await r.storageState()).cookies.find((c) => c.name === 'rtpsGuestPreScreenData');
  expect(cookie?.httpOnly).toBe(true);
  expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}'))).toEqual(body.guestPreScreenData);
  // Asked again, the same offer: the bureau is asked once per session and bag.
  expect((await ok(await details(r))).plccInfo.offer.id).toBe(body.plccInfo.offer.id);
});

test('no offer for anyone else, and no cookie', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL!);
  await atPayment(r, 'Lee');
  expect(await ok(await details(r))).toEqual({ plccInfo: { offer: null }, guestPreScreenData: null });
  expect((await r.storageState()).cookies.map((c) => c.name)).not.toContain('rtpsGuestPreScreenData');
});

test('a NO makes the rebuttal eligible; an approval pays the bag with the new card, which moves on to review', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL!);
  await atPayment(r, 'Approved');
  const { offer } = (await ok(await details(r))).plccInfo;
  expect((await ok(await r.post('/api/checkout/rtps/data/', { data: { offerResponse: 'VIEWED' } }))).plccInfo.offer.viewed).toBe(true);
  expect((await ok(await r.post('/api/checkout/rtps/data/', { data: { offerResponse: 'NO' } }))).plccInfo.offer.rebuttalEligible).toBe(true);
  const applied = await ok(await r.post('/api/checkout/rtps/plcc_details/', { data: { plccData: plccData(offer.id, '1000') } }));
  expect(applied.application).toMatchObject({ result: 'APPROVED', view: 'registration', paysThisOrder: true });
  expect(applied.basketId).toBe(applied.checkout.basket.basketId);
  expect(applied.checkout.payment).toMatchObject({ cardType: PLCC_TYPE, last4: applied.application.card.last4 });
  expect(applied.checkout._flash).toEqual([]);
  const placed = await r.post('/api/checkout/payment_place_order/create/', {
    data: { orderTotal: applied.checkout.basket.orderTotal },
    headers: { 'idempotency-key': `rtps-${randomUUID()}` },
  });
  expect((await ok(placed)).confirmationStatus).toBe('confirmed');
});

for (const [ssnLast4, result, view] of [
  ['2000', 'PENDING', 'review'],
  ['3000', 'DECLINED', 'review'],
  ['4000', 'ACCOUNT_EXISTS', 'card-holder'],
  ['5000', 'ERROR', 'error'],
] as const) {
  test(`an application answered ${result} leads to ${view} and leaves the bag at payment`, async ({ playwright, baseURL }) => {
    const r = await visitor(playwright, baseURL!);
    await atPayment(r, 'Approved');
    const { offer } = (await ok(await details(r))).plccInfo;
    const applied = await ok(await r.post('/api/checkout/rtps/plcc_details/', { data: { plccData: plccData(offer.id, ssnLast4) } }));
    expect(applied.application).toEqual({ result, view, card: null, paysThisOrder: false });
    expect(applied.checkout.payment).toBeNull();
  });
}

test('bad input is a 4xx with a message, never a 5xx', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL!);
  const refused = async (res: APIResponse, status: number, message: string | RegExp) => {
    expect(res.status(), await res.text()).toBe(status);
    expect((await res.json()).message).toMatch(message);
  };
  // No bag yet.
  await refused(await details(r), 409, /bag/i);
  await atPayment(r, 'Approved');
  await refused(await r.post('/api/checkout/rtps/details/', { data: {} }), 400, 'preScreenData is required.');
  await refused(
    await r.post('/api/checkout/rtps/details/', { data: { preScreenData: { isPrescreenedInCheckout: 'yes' } } }),
    400,
    'isPrescreenedInCheckout must be true or false.',
  );
  await refused(await r.post('/api/checkout/rtps/data/', { data: { offerResponse: 'MAYBE' } }), 400, 'offerResponse must be VIEWED or NO.');
  // An answer before any offer was made.
  await refused(await r.post('/api/checkout/rtps/data/', { data: { offerResponse: 'NO' } }), 404, 'This offer is no longer available.');
  const { offer } = (await ok(await details(r))).plccInfo;
  const apply = (data: unknown) => r.post('/api/checkout/rtps/plcc_details/', { data: { plccData: data } });
  await refused(await r.post('/api/checkout/rtps/plcc_details/', { data: {} }), 400, 'plccData is required.');
  await refused(await apply({ ...plccData(offer.id, '1000'), phone: '555' }), 400, 'Please enter a 10-digit mobile phone number.');
  await refused(await apply({ ...plccData(offer.id, '1000'), birthDate: '1985' }), 400, 'Please enter your date of birth as MM/DD/YYYY.');
  await refused(
    await apply({ ...plccData(offer.id, '1000'), ssnLast4: '12' }),
    400,
    'Please enter the last 4 digits of your Social Security number.',
  );
  await refused(await apply({ ...plccData(offer.id, '1000'), consent: false }), 400, 'Please agree to the terms to apply.');
  await refused(await apply(plccData(randomUUID(), '1000')), 404, 'This offer is no longer available.');
});
