// @vitest-environment jsdom
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { $bag } from '#src/lib/stores/bag.ts';
import { $checkout, placeOrder } from '#src/lib/stores/checkout.ts';
import { basketFixture, checkoutViewFixture, summaryFixture } from '../helpers/reply-fixtures.ts';

/**
 * Checkout spec §4 "Order placement": a refused placement answers with the bag as the store holds it, and the
 * checkout shows that bag only when the reply's basketId is the bag's this page shows; a reply about another bag
 * (the shopper signed in elsewhere and the bags merged) leaves the page's bag alone.
 */
const shown = basketFixture({ basketId: 'B1', orderTotal: 5000, c_summary: summaryFixture({ orderTotal: 5000, amountDue: 5000 }) });
const reply = (status: number, data: unknown) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
const refused = (basketId: string) => ({
  status: 'error',
  message: 'The price of an item has changed.',
  body: {
    confirmationStatus: 'failed',
    orderNo: null,
    orderTotal: 5400,
    message: 'The price of an item has changed.',
    basket: basketFixture({ basketId, orderTotal: 5400, c_summary: summaryFixture({ orderTotal: 5400, amountDue: 5400 }) }),
    basketId,
  },
});

beforeEach(() => {
  $checkout.set(checkoutViewFixture({ basket: shown }));
  $bag.set(shown);
});
afterEach(() => {
  vi.unstubAllGlobals();
  $checkout.set(null);
  $bag.set(null);
});

/** The placement answers `placed`; the checkout read that a changed bag asks for answers nothing useful. */
const answer = (placed: Response) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (String(url).includes('place_order') ? placed : reply(503, { status: 'error', message: 'later' }))),
  );

it('a refused placement about the bag on the page shows the bag the reply carries', async () => {
  answer(reply(409, refused('B1')));
  const r = await placeOrder({ orderTotal: 5000, amountDue: 5000 });
  expect(r).toMatchObject({ ok: true, result: { confirmationStatus: 'failed', basketId: 'B1' } });
  expect($bag.get()?.orderTotal).toBe(5400);
});

it('a reply about another bag leaves the bag on the page as it was', async () => {
  answer(reply(409, refused('B2')));
  const r = await placeOrder({ orderTotal: 5000, amountDue: 5000 });
  expect(r).toMatchObject({ ok: true, result: { confirmationStatus: 'failed', basketId: 'B2' } });
  expect($bag.get()).toBe(shown);
});
