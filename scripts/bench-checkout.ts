// The checkout's figures for npm run bench: order placement by card through the sandbox gateway, by a gift card and a
// card, and by PayPal express (create, approve, place; the sequence's p99 and the place step's) (orders/s and p99 at N
// connections, each a different ready bag and a fresh idempotency key), each step's
// save and the address suggestions (p95; each connection a shopper saving their own bag), all against the same server. Prints
// figures; asserts nothing.
import autocannon from 'autocannon';
import { tokenizeCard } from '../src/lib/checkout/tokenize.ts';
import { TEST_ADDRESS as ADDRESS } from '../tests/helpers/checkout-fixtures.ts';
import { statementsPer, type StatementCount } from './bench-statements.ts';

type Call = (
  path: string,
  body: unknown,
  cookie?: string,
  method?: string,
  headers?: Record<string, string>,
) => Promise<{ status: number; cookie: string; body: unknown }>;

function caller(base: string): Call {
  return async (path, body, cookie = '', method = 'POST', headers = {}) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    const set = r.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { status: r.status, cookie: set || cookie, body: await r.json().catch(() => null) };
  };
}

/** A gift card the bench may spend: its number and PIN. */
export interface BenchGiftCard {
  number: string;
  pin: string;
}

let appliers = 0;
/**
 * The gift card's code and PIN sent to the bag's code field, as the code form sends them, each bag from a client
 * address of its own (the bench server trusts X-Forwarded-For): a check holds its client's wrong-try counter until it
 * ends, so bags prepared from one address would queue on that one row.
 */
const applyGiftCard = (call: Call, cookie: string, card: BenchGiftCard) => {
  const n = appliers++;
  const from = { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
  return call('/api/checkout/basket/update/', { code: card.number, giftCardPin: card.pin, pageType: 'checkout' }, cookie, 'POST', from);
};

/**
 * A visitor whose bag is ready to order: its cookie, the total it shows and what is left for the card. With a gift
 * card, the card is applied before payment (an order paid by two instruments).
 */
async function readyBag(base: string, sku: string, giftCard?: BenchGiftCard): Promise<{ cookie: string; total: number; amountDue: number }> {
  const call = caller(base);
  const added = await call('/api/checkout/product/add_to_cart', { productId: sku, quantity: 1 });
  const cookie = added.cookie;
  await call('/api/checkout/email', { email: 'bench@example.com' }, cookie);
  await call('/api/checkout/shipping_address/create/', { address: ADDRESS }, cookie);
  await call('/api/checkout/shipping_method/', { shippingMethodId: 'Regular', confirm: true }, cookie);
  if (giftCard) {
    const applied = await applyGiftCard(call, cookie, giftCard);
    if (applied.status !== 200) throw new Error(`gift card not applied: ${JSON.stringify(applied.body)}`);
  }
  const token = await tokenizeCard(
    { url: `${base}/sandbox-gateway/v1/tokens`, publishableKey: 'pk_test_sandbox' },
    { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123', holder: 'Ada Lovelace' },
  );
  if (!token.ok) throw new Error(`tokenization failed: ${token.message}`);
  const paid = await call('/api/checkout/payment_method/update/', { card: { token: token.card.token }, billingSameAsShipping: true }, cookie);
  type Ready = { basket: { orderTotal: number; c_summary: { amountDue?: number } }; _flash: unknown[] };
  const checkout = (paid.body as { body: { checkout: Ready } }).body.checkout;
  if (checkout._flash.length > 0) throw new Error(`bag not ready: ${JSON.stringify(checkout._flash)}`);
  const total = checkout.basket.orderTotal;
  return { cookie, total, amountDue: checkout.basket.c_summary.amountDue ?? total };
}

async function inBatches<T>(n: number, width: number, make: () => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  while (out.length < n) out.push(...(await Promise.all(Array.from({ length: Math.min(width, n - out.length) }, make))));
  return out;
}

/**
 * p95 (ms) of `count` calls, `width` at a time, and how many did not answer 2xx (a refusal is quicker than the work,
 * so a run with refusals would flatter the figure); each call is told its number and which of the `width` runs it is.
 */
type Step = (i: number, worker: number) => Promise<{ status: number; undo?: () => Promise<unknown> }>;

/** `undo`, when a call answers one, runs after the call is timed (taking an applied gift card off again). */
async function p95(count: number, width: number, run: Step) {
  const times: number[] = [];
  let refused = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async (_, worker) => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        const { status, undo } = await run(i, worker);
        times.push(performance.now() - t);
        if (status < 200 || status > 299) refused++;
        await undo?.();
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length * 0.95)] ?? 0, refused };
}

/** Places each bag once at `connections` at a time; answers autocannon's result. */
async function placeAll(
  base: string,
  connections: number,
  headers: Record<string, string>,
  bags: { cookie: string; total: number; amountDue: number }[],
) {
  let i = 0;
  return autocannon({
    url: `${base}/api/checkout/payment_place_order/create/`,
    method: 'POST',
    connections,
    amount: bags.length,
    headers: { ...headers, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          const bag = bags[i++ % bags.length]!;
          return {
            ...req,
            headers: { ...req.headers, cookie: bag.cookie, 'idempotency-key': `bench-${i}-${Math.random().toString(36).slice(2)}-key` },
            body: JSON.stringify({ orderTotal: bag.total, amountDue: bag.amountDue }),
          };
        },
      },
    ],
  });
}

/** One placement of a ready bag with a fresh key, as placeAll sends each: for counting its statements. */
async function placeOne(base: string, headers: Record<string, string>, bag: { cookie: string; total: number; amountDue: number }, i: number) {
  const r = await fetch(`${base}/api/checkout/payment_place_order/create/`, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/json',
      cookie: bag.cookie,
      'idempotency-key': `bench-count-${i}-${Math.random().toString(36).slice(2)}-key`,
    },
    body: JSON.stringify({ orderTotal: bag.total, amountDue: bag.amountDue }),
  });
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`placement answered ${r.status}`);
}

/** The p99 (ms) of sorted-or-not figures: the value 99 % of them are at or under. */
function p99Of(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
}

/**
 * One bag's PayPal sequence: make PayPal's order, approve it on the sandbox's page, place ours. Undefined when a step
 * before the placement failed; else whether the order was confirmed and when its placement started.
 */
async function payByPayPal(call: Call, base: string, headers: Record<string, string>, cookie: string, keyPrefix: string) {
  const key = `${keyPrefix}-${Math.random().toString(36).slice(2)}`;
  const created = await call('/api/checkout/paypal/order/', { from: 'bag' }, cookie, 'POST', { ...headers, 'idempotency-key': key });
  const id = (created.body as { body?: { id?: string } } | null)?.body?.id;
  if (created.status !== 200 || !id) return undefined;
  const approved = await fetch(`${base}/sandbox-paypal/checkoutnow?token=${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'choice=approve',
    redirect: 'manual',
  });
  await approved.arrayBuffer();
  const payerId = new URL(approved.headers.get('location') ?? '/', base).searchParams.get('PayerID');
  if (approved.status !== 303 || !payerId) return undefined;
  const placeStarted = performance.now();
  const placed = await call('/api/checkout/paypal/order/update/', { orderId: id, payerId, checkoutFromCart: true }, cookie, 'PUT', headers);
  const status = (placed.body as { body?: { confirmationStatus?: string } } | null)?.body?.confirmationStatus;
  return { confirmed: placed.status === 200 && status === 'confirmed', placeStarted };
}

/**
 * PayPal express checkout for each bag, `connections` bags at a time: make PayPal's order for the bag (POST with an
 * Idempotency-Key), approve it on the embedded sandbox's approval page (its form's POST, as the shopper's press sends
 * it), then place our order (the PUT). Three requests that depend on each other, so autocannon cannot chain them;
 * each sequence is timed whole with fetch, and the place step alone beside it.
 */
async function placeAllByPayPal(base: string, connections: number, headers: Record<string, string>, bags: { cookie: string }[]) {
  const call = caller(base);
  const whole: number[] = [];
  const placing: number[] = [];
  let confirmed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < bags.length) {
        const i = next++;
        const t = performance.now();
        const paid = await payByPayPal(call, base, headers, bags[i]!.cookie, `bench-paypal-${i}`);
        if (!paid) continue;
        const now = performance.now();
        placing.push(now - paid.placeStarted);
        whole.push(now - t);
        if (paid.confirmed) confirmed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { confirmed, attempted: bags.length, perSecond: confirmed / seconds, p99Whole: p99Of(whole), p99Place: p99Of(placing) };
}

/**
 * `giftCards(n)` issues n gift cards for the run (each bag of the two-instrument run spends its own, so no placement
 * waits on another's card).
 */
export async function benchCheckout(
  base: string,
  connections: number,
  duration: number,
  sku: string,
  headers: Record<string, string>,
  giftCards: (n: number) => Promise<BenchGiftCard[]>,
  statements: StatementCount,
  /** Orders placed in each placement run (default: 2,000, or 500 a second of --seconds when more). */
  orders?: number,
) {
  const call = caller(base);
  // The statements one request sends (bench-statements.ts), each on bags of its own, after the timed run.
  const COUNTED = 11;
  const per = async (request: (i: number) => Promise<unknown>) => `  ${await statementsPer(statements, request, COUNTED)} statements`;
  // One ready bag per placement: the run places each once (a bag placed twice answers a fast 409, which would
  // count as throughput and shorten the tail), so the rate is orders over the time they took.
  const needed = orders ?? Math.max(2000, duration * 500);
  const bags = await inBatches(needed, 10, () => readyBag(base, sku));
  const placed = await placeAll(base, connections, headers, bags);
  const confirmed = placed.requests.total - placed.non2xx;
  const countedBags = await inBatches(COUNTED, 10, () => readyBag(base, sku));
  console.log(
    `\nCheckout (sandbox gateway): place a card order  ${placed.requests.average.toFixed(0).padStart(5)} orders/s  p99 ${placed.latency.p99} ms` +
      `  (${confirmed} confirmed, ${placed.non2xx} non-2xx of ${placed.requests.total}; ${bags.length} bags prepared)` +
      (await per((i) => placeOne(base, headers, countedBags[i]!, i))),
  );

  // Two instruments: a $10.00 gift card pays part, the card the rest. As many orders as the card run, so the two
  // p99 figures rest on as many samples.
  const cards = await giftCards(needed + COUNTED);
  let nextCard = 0;
  const paired = await inBatches(needed, 10, () => readyBag(base, sku, cards[nextCard++]));
  const placedPaired = await placeAll(base, connections, headers, paired);
  const countedPaired = await inBatches(COUNTED, 10, () => readyBag(base, sku, cards[nextCard++]));
  console.log(
    `  place an order paid by a gift card and a card  ${placedPaired.requests.average.toFixed(0).padStart(5)} orders/s  p99 ${placedPaired.latency.p99} ms` +
      `  (${placedPaired.requests.total - placedPaired.non2xx} confirmed, ${placedPaired.non2xx} non-2xx of ${placedPaired.requests.total})` +
      (await per((i) => placeOne(base, headers, countedPaired[i]!, i))),
  );
  // PayPal express: as many bags as the card run, prepared as its are; the whole sequence's p99 and the place step's.
  const expressBags = await inBatches(needed, 10, () => readyBag(base, sku));
  const express = await placeAllByPayPal(base, connections, headers, expressBags);
  const countedExpress = await inBatches(COUNTED, 10, () => readyBag(base, sku));
  console.log(
    `  place a PayPal order (create, approve, place)  ${express.perSecond.toFixed(0).padStart(5)} orders/s  p99 ${express.p99Whole.toFixed(0)} ms` +
      `, the place step alone p99 ${express.p99Place.toFixed(0)} ms  (${express.confirmed} confirmed of ${express.attempted})` +
      `${await per((i) => payByPayPal(call, base, headers, countedExpress[i]!.cookie, `bench-count-${i}`))} (the three requests)`,
  );
  // Each connection is one shopper with a bag of their own, saving their own step: ten shoppers at once, not one
  // bag saved ten times at once (which measures only the wait for that bag's row lock).
  const shoppers = await inBatches(connections, 10, () => readyBag(base, sku));
  // Each shopper also comes from an address of their own (the bench server trusts X-Forwarded-For): per-address
  // limits such as the address look-ups' 120 a minute are one shopper's allowance, not ten shoppers'.
  const own = (worker: number) => shoppers[worker]!.cookie;
  const from = (worker: number) => ({ ...headers, 'x-forwarded-for': `203.0.113.${worker + 1}` });
  const send = (w: number, path: string, body: unknown, method = 'POST') => call(path, body, own(w), method, from(w));
  const toApply = await giftCards(500 + COUNTED);
  const steps: [string, Step][] = [
    ['save e-mail step', (_, w) => send(w, '/api/checkout/email', { email: 'bench@example.com' })],
    ['save shipping address', (_, w) => send(w, '/api/checkout/shipping_address/update/', { address: ADDRESS })],
    ['save shipping method', (n, w) => send(w, '/api/checkout/shipping_method/', { shippingMethodId: n % 2 ? 'Regular' : 'Express', confirm: true })],
    ['save billing address', (_, w) => send(w, '/api/checkout/billing_address/update/', { billingSameAsShipping: true }, 'PUT')],
    [
      'read the checkout',
      async (_, w) => {
        const r = await fetch(`${base}/api/checkout/state`, { headers: { ...from(w), cookie: own(w) } });
        await r.arrayBuffer();
        return r;
      },
    ],
    [
      'apply a gift card (number and PIN)',
      async (n, w) => {
        const applied = await call(
          '/api/checkout/basket/update/',
          { code: toApply[n]!.number, giftCardPin: toApply[n]!.pin },
          own(w),
          'POST',
          from(w),
        );
        const id = (applied.body as { body?: { paymentInstrumentId?: string } } | null)?.body?.paymentInstrumentId;
        return { status: applied.status, undo: () => send(w, '/api/checkout/basket/delete/', { paymentInstrumentId: id }, 'DELETE') };
      },
    ],
    ['address suggestions (embedded)', (n, w) => send(w, '/api/checkout/smarty', { address: ['New Yo', 'Spring', '9021', 'Chicago IL'][n % 4] })],
  ];
  for (const [name, run] of steps) {
    const { ms, refused } = await p95(500, connections, run);
    console.log(
      `  ${name.padEnd(40)} p95 ${ms.toFixed(1).padStart(6)} ms (500 requests, ${connections} at a time${refused ? `; ${refused} not 2xx` : ''})` +
        (await per((i) => run(500 + i, 0))),
    );
  }
}
