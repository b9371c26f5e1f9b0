// @vitest-environment jsdom
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { EXPRESS_TOTAL_TO_REVIEW, ORDER_TECHNICAL_PROBLEM } from '#src/lib/checkout/order-messages.ts';
import { $bag } from '#src/lib/stores/bag.ts';
import { createExpressOrder, placeExpressOrder } from '#src/lib/stores/express.ts';
import { basketFixture } from '../helpers/reply-fixtures.ts';

type Layer = { event: string; flow?: string; message?: string; path?: string }[];
const dataLayer = () => (window as { dataLayer?: Layer }).dataLayer ?? [];

const reply = (status: number, data: unknown) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
const basket = basketFixture({ basketId: 'B1' });
const refused = (message: string | null, withBasket: boolean) => ({
  confirmationStatus: 'failed',
  orderNo: null,
  orderTotal: 1200,
  message,
  basket: withBasket ? basket : null,
  basketId: withBasket ? 'B1' : null,
});

beforeEach(() => $bag.set(null));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (window as { dataLayer?: Layer }).dataLayer;
});

it('a refused express placement shows the reply’s message, reports it tagged express checkout, and stores the returned bag', async () => {
  const fetch = vi.fn(async () =>
    reply(409, { status: 'error', message: 'Declined.', body: refused('Your PayPal payment method was declined.', true) }),
  );
  vi.stubGlobal('fetch', fetch);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const placed = await placeExpressOrder({ orderId: 'ORDER-1', payerId: 'PAYER-1', from: 'payment' });
  expect(placed).toEqual({ ok: false, message: 'Your PayPal payment method was declined.' });
  expect(dataLayer()).toEqual([
    expect.objectContaining({ event: 'siteError', flow: 'express checkout', path: '/api/checkout/paypal/order/update/' }),
  ]);
  expect($bag.get()).toMatchObject({ basketId: 'B1' });
});

it('a total to review (PayPal’s address changed it) is answered as the review, not as a message under the buttons', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => reply(409, { status: 'error', message: EXPRESS_TOTAL_TO_REVIEW })),
  );
  const placed = await placeExpressOrder({ orderId: 'ORDER-R', payerId: 'PAYER-1', from: 'bag' });
  expect(placed).toEqual({ ok: false, message: EXPRESS_TOTAL_TO_REVIEW, review: true });
});

it('a failure without a message shows the generic technical error, still tagged express checkout', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => reply(500, {})),
  );
  const placed = await placeExpressOrder({ orderId: 'ORDER-2', payerId: null, from: 'bag' });
  expect(placed).toEqual({ ok: false, message: ORDER_TECHNICAL_PROBLEM });
  expect(dataLayer().map((e) => e.flow)).toEqual(['express checkout']);
});

it('the order is made under one Idempotency-Key, and a second approval of it sends one placement, with that key', async () => {
  const fetch = vi.fn(async (path: string, _init?: RequestInit) =>
    path.endsWith('/update/')
      ? reply(200, { status: 'success', body: { ...refused(null, false), confirmationStatus: 'confirmed', orderNo: '1-00001-0001' } })
      : reply(200, { status: 'success', body: { id: 'ORDER-3' } }),
  );
  vi.stubGlobal('fetch', fetch);
  const [first, second] = await Promise.all([createExpressOrder('payment'), createExpressOrder('payment')]);
  expect(first).toEqual({ ok: true, id: 'ORDER-3' });
  expect(second).toEqual(first);
  const approvals = await Promise.all([
    placeExpressOrder({ orderId: 'ORDER-3', payerId: 'P', from: 'payment' }),
    placeExpressOrder({ orderId: 'ORDER-3', payerId: 'P', from: 'payment' }),
  ]);
  expect(approvals).toEqual([{ ok: true }, { ok: true }]);
  const calls = fetch.mock.calls as unknown as [string, RequestInit][];
  expect(calls.map(([path]) => path)).toEqual(['/api/checkout/paypal/order/', '/api/checkout/paypal/order/update/']);
  const keyOf = (init: RequestInit) => (init.headers as Record<string, string>)['idempotency-key'];
  expect(keyOf(calls[1]![1])).toBe(keyOf(calls[0]![1]));
  expect(JSON.parse(String(calls[1]![1].body))).toEqual({ basketId: null, orderId: 'ORDER-3', payerId: 'P', checkoutFromCart: false });
  expect(dataLayer()).toEqual([]);
});

it('a failure to make the order is reported tagged express checkout', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => reply(409, { status: 'error', message: 'PayPal is not offered for a bag with a perks membership.' })),
  );
  expect(await createExpressOrder('bag')).toEqual({ ok: false, message: 'PayPal is not offered for a bag with a perks membership.' });
  expect(dataLayer()).toEqual([expect.objectContaining({ flow: 'express checkout', path: '/api/checkout/paypal/order/' })]);
});
