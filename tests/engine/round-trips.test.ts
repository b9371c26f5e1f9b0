import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addItem, pruneAndReadBasket, removeItem, updateItemQuantity } from '#src/server/commerce/basket.ts';
import { replaceItem } from '#src/server/commerce/basket-edit.ts';
import { applyCode, removeCoupon } from '#src/server/commerce/coupons.ts';
import { readSessionAndBagStamp } from '#src/server/commerce/basket-stamp.ts';
import { readCatalogStamp, stopCatalogWatch } from '#src/server/commerce/catalog-version.ts';
import { confirmShippingMethod, readCheckoutView, setBilling, setEmail, setShippingAddress } from '#src/server/checkout/checkout-service.ts';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import { createDb } from '#src/server/db/database.ts';
import { statementsSent, unnamedStatementsSent } from '#src/server/db/statement-count.ts';
import type { PaymentGateway } from '#src/server/payments/gateway.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { createSandboxToken } from '#src/server/payments/sandbox/tokens.ts';
import { createSession, loadSession, newSessionHolder } from '#src/server/session/session.ts';
import { applyGiftCard } from '#src/server/tenders/bag-tenders.ts';
import { createExpressOrder, placeExpressOrder, placementKey } from '#src/server/checkout/web-payment-checkout.ts';
import { decideOnSandboxOrder, sandboxWebPayment } from '#src/server/payments/paypal-sandbox/sandbox-web-payment.ts';
import type { WebPaymentProvider } from '#src/server/payments/web-payment.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';
import { freshDb, PG_URL, type TestDb } from '../helpers/db.ts';
import { giftCardIssuer } from '../helpers/gift-card-fixtures.ts';
import { readyBag } from '../helpers/ready-bag.ts';

/**
 * The statements (round trips to the database) the busiest requests send, counted in the driver
 * (src/server/db/statement-count.ts; a transaction's BEGIN and COMMIT count): sizes, so held here on both databases,
 * where the times are only reported (`npm run bench`, docs/performance.md). Where PostgreSQL sends several writes as
 * one statement (data-modifying WITH queries, which SQLite lacks), SQLite runs them one by one, in process: its own
 * limit is the second number. Each request is what its endpoint runs
 * below the facade, with the read of the visitor's session that every request with a cookie makes. The card gateway
 * is a stand-in that answers at once: the embedded sandbox's own bookkeeping is not the store's. The clock stands
 * still meanwhile, so the kept catalog stamp's own check of the version (catalog-version.ts) falls in none of them.
 */
const SKU = 'fb-1002-olv-M';
const GUEST_TTL = 3600;
let t: TestDb;
let token: string;

const gateway: PaymentGateway = {
  ...sandboxGateway({ database: async () => t.db, timeoutMs: 2000 }),
  authorize: async () => ({ ok: true, authorizationId: randomUUID() }),
};

beforeAll(async () => {
  t = await freshDb();
  vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
  token = (await createSession(t.db, GUEST_TTL)).token;
  // What an instance keeps once it has served a request: the catalog stamp, the promotions, the shipping methods, the
  // gift card key (made by the first card issued, kept once read).
  const warm = await readyBag(t.db, SKU);
  await (await giftCardIssuer(t.db)).card(1_000);
  await readCatalogStamp(t.db);
  await readCheckoutView(t.db, warm.basketId, null);
});
afterAll(async () => {
  vi.useRealTimers();
  await stopCatalogWatch(t.db);
  await t.cleanup();
});

/** The statements `request` sends, with the session's read before it. */
async function sent(request: () => Promise<unknown>): Promise<number> {
  const before = statementsSent();
  expect(await loadSession(t.db, token, GUEST_TTL)).not.toBeNull();
  await request();
  return statementsSent() - before;
}

/** A card entered at the embedded sandbox's token endpoint, as the payment form sends it. */
const card4242 = () =>
  new URLSearchParams({
    'card[number]': '4242424242424242',
    'card[exp_month]': '12',
    'card[exp_year]': '2034',
    'card[cvc]': '123',
    'card[name]': 'Ada Lovelace',
  });

const place = (bag: { basketId: string; total: number }, expectedAmountDue = bag.total, db = t.db) =>
  placeOrder(
    db,
    gateway,
    {
      bagId: bag.basketId,
      customerId: null,
      idempotencyKey: randomUUID(),
      body: { orderTotal: bag.total },
      expectedTotal: bag.total,
      expectedAmountDue,
    },
    5000,
  ).then((reply) => expect(reply.status).toBe(200));

describe('the statements a request sends', () => {
  it("a bag read: 1 (the session with its bag's stamp; the catalog's is kept in memory), and 2 when priced again", async () => {
    const { basketId } = await readyBag(t.db, SKU);
    const holder = await createSession(t.db, GUEST_TTL, { basketId });
    const before = statementsSent();
    const { with: stamp } = await readSessionAndBagStamp(t.db.kysely, holder.session.id);
    await readCatalogStamp(t.db);
    expect(stamp).not.toBeNull();
    expect(statementsSent() - before).toBeLessThanOrEqual(1);
    expect(await sent(() => pruneAndReadBasket(t.db, basketId))).toBeLessThanOrEqual(2);
  });

  it('a first add to bag by a new visitor (no session yet): 3, the item read, the bag, its line and the session written in one statement, then the bag read; on SQLite 7, the writes in a transaction', async () => {
    const before = statementsSent();
    const { basketId } = await addItem(t.db, null, { productId: SKU, quantity: 1 } as never, newSessionHolder(GUEST_TTL, 'a'.repeat(32)));
    await pruneAndReadBasket(t.db, basketId);
    expect(statementsSent() - before).toBeLessThanOrEqual(PG_URL ? 3 : 7);
  });

  it('a checkout read: 2, the bag with its checkout row in one statement', async () => {
    const { basketId } = await readyBag(t.db, SKU);
    expect(await sent(() => readCheckoutView(t.db, basketId, null))).toBeLessThanOrEqual(2);
  });

  it('a step saved and the checkout read back: 3, the billing step 4 (its check reads the bag); on SQLite the address and method steps 9 and 8, in a transaction', async () => {
    const { basketId } = await readyBag(t.db, SKU);
    const view = () => readCheckoutView(t.db, basketId, null);
    expect(await sent(async () => [await setEmail(t.db, basketId, 'ada@example.com', false), await view()])).toBeLessThanOrEqual(3);
    expect(await sent(async () => [await setShippingAddress(t.db, basketId, TEST_ADDRESS, null), await view()])).toBeLessThanOrEqual(PG_URL ? 3 : 9);
    expect(await sent(async () => [await confirmShippingMethod(t.db, basketId, 'Express'), await view()])).toBeLessThanOrEqual(PG_URL ? 3 : 8);
    expect(await sent(async () => [await setBilling(t.db, basketId, null, true, null), await view()])).toBeLessThanOrEqual(4);
  });

  it("a gift card applied and the bag read back: 9, in one transaction, its PIN counters held with the card and its balance read, the bag locked, the tender written with the bag's time (the brands are named only in a refusal); on SQLite 10", async () => {
    const { basketId } = await readyBag(t.db, SKU);
    const card = await (await giftCardIssuer(t.db)).card(1_000);
    const apply = () => applyGiftCard(t.db, basketId, card.number, card.pin, '203.0.113.9');
    expect(await sent(async () => [await apply(), await pruneAndReadBasket(t.db, basketId)])).toBeLessThanOrEqual(PG_URL ? 9 : 10);
  });

  it('a card placement: 11, its stock taken with the claim marked (on SQLite 19, its writes one by one); one a gift card pays part of: 14 (on SQLite 24), its card locked with the bag and debited in one statement', async () => {
    const bag = await readyBag(t.db, SKU);
    expect(await sent(() => place(bag))).toBeLessThanOrEqual(PG_URL ? 11 : 19);
    const paired = await readyBag(t.db, SKU);
    const card = await (await giftCardIssuer(t.db)).card(1_000);
    await applyGiftCard(t.db, paired.basketId, card.number, card.pin, '203.0.113.9');
    const due = (await pruneAndReadBasket(t.db, paired.basketId)).amountDue;
    expect(await sent(() => place(paired, due))).toBeLessThanOrEqual(PG_URL ? 14 : 24);
  });

  it("the embedded sandbox gateway's own bookkeeping for a card's authorization: 3, the reference claimed, the token spent with what it stands for, the answer kept", async () => {
    const sandbox = sandboxGateway({ database: async () => t.db, timeoutMs: 2000 });
    const { id: token } = (await createSandboxToken(t.db, card4242())).body as { id: string };
    const before = statementsSent();
    const result = await sandbox.authorize({ source: { kind: 'token', token }, amountCents: 1_000, currency: 'USD', reference: randomUUID() });
    expect(result.ok).toBe(true);
    expect(statementsSent() - before).toBe(3);
  });
});

/**
 * The embedded PayPal sandbox, each of its calls' statements counted apart: PayPal keeps its orders at its end, so what
 * the store sends is the whole less what the provider's calls sent.
 */
function countedProvider(): { provider: WebPaymentProvider; own: () => number } {
  const sandbox = sandboxWebPayment({ database: async () => t.db, approvalBase: 'http://127.0.0.1:4321/sandbox-paypal', timeoutMs: 2000 });
  let own = 0;
  const counted =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const before = statementsSent();
      try {
        return await call(...args);
      } finally {
        own += statementsSent() - before;
      }
    };
  const provider = Object.fromEntries(
    Object.entries(sandbox).map(([name, call]) => [name, typeof call === 'function' ? counted(call.bind(sandbox)) : call]),
  ) as unknown as WebPaymentProvider;
  return { provider, own: () => own };
}

/** PayPal's order made for the bag and approved by the sandbox's buyer; answers the placement from the bag. */
async function approvedPayPalOrder(basketId: string, provider: WebPaymentProvider): Promise<() => Promise<void>> {
  const usid = `visitor-${randomUUID()}`;
  const { id } = await createExpressOrder(t.db, provider, {
    bagId: basketId,
    key: placementKey(usid, 'placement-key-0123456789'),
    returnUrl: 'http://127.0.0.1:4321/checkout/paypal/return/',
    cancelUrl: 'http://127.0.0.1:4321/bag',
  });
  await decideOnSandboxOrder(t.db, id, 'approve');
  return async () => {
    const reply = await placeExpressOrder(t.db, gateway, provider, {
      bagId: basketId,
      customerId: null,
      keyPrefix: placementKey(usid, ''),
      orderId: id,
      leaseMs: 5000,
      fromBag: true,
    });
    expect(reply.result.confirmationStatus).toBe('confirmed');
  };
}

describe('a PayPal order', () => {
  it("approved at PayPal and placed from the bag: 20 statements of the store's, PayPal's contacts taken in one transaction that prices the bag for them, the attempt read once, the capture owed written with the order; on SQLite 29", async () => {
    const { basketId } = await readyBag(t.db, SKU);
    const { provider, own } = countedProvider();
    const place = await approvedPayPalOrder(basketId, provider);
    const before = own();
    const all = await sent(place);
    expect(all - (own() - before)).toBeLessThanOrEqual(PG_URL ? 20 : 29);
  });
});

describe.runIf(PG_URL)('on PostgreSQL', () => {
  it("plans no statement at its call on the hot paths: a guest's first add, a card's token, a gift card applied, card and gift card placements, a PayPal order made, approved and placed, each statement prepared by name", async () => {
    const unnamed = async (request: () => Promise<unknown>) => {
      const before = unnamedStatementsSent();
      await request();
      return unnamedStatementsSent() - before;
    };
    const firstAdd = () => addItem(t.db, null, { productId: SKU, quantity: 1 } as never, newSessionHolder(GUEST_TTL, 'b'.repeat(32)));
    expect(await unnamed(firstAdd)).toBe(0);
    expect(await unnamed(async () => expect((await createSandboxToken(t.db, card4242())).status).toBe(200))).toBe(0);
    const paired = await readyBag(t.db, SKU);
    const card = await (await giftCardIssuer(t.db)).card(1_000);
    expect(await unnamed(() => applyGiftCard(t.db, paired.basketId, card.number, card.pin, '203.0.113.10'))).toBe(0);
    const due = (await pruneAndReadBasket(t.db, paired.basketId)).amountDue;
    expect(await unnamed(() => place(paired, due))).toBe(0);
    const bag = await readyBag(t.db, SKU);
    expect(await unnamed(() => place(bag))).toBe(0);

    const { basketId } = await readyBag(t.db, SKU);
    const { provider } = countedProvider();
    expect(await unnamed(async () => (await approvedPayPalOrder(basketId, provider))())).toBe(0);
  });

  it('plans no statement at its call when a bag with lines changes: a line added, one added again, a quantity, an edit, a removal, a code applied and removed', async () => {
    const unnamed = async (request: () => Promise<unknown>) => {
      const before = unnamedStatementsSent();
      await request();
      return unnamedStatementsSent() - before;
    };
    const { basketId, itemId } = await addItem(t.db, null, { productId: SKU, quantity: 1 } as never);
    const other = { productId: 'fb-1001-nvy-M', quantity: 1 } as never;
    expect(await unnamed(() => addItem(t.db, basketId, other))).toBe(0);
    expect(await unnamed(() => addItem(t.db, basketId, other))).toBe(0);
    expect(await unnamed(() => updateItemQuantity(t.db, basketId, itemId, 2))).toBe(0);
    expect(await unnamed(() => replaceItem(t.db, basketId, itemId, { productId: 'fb-1002-olv-XL', quantity: 1 } as never))).toBe(0);
    expect(await unnamed(() => removeItem(t.db, basketId, itemId))).toBe(0);
    let couponItemId = '';
    expect(await unnamed(async () => ({ couponItemId } = await applyCode(t.db, basketId, 'SAVE15', '', false)))).toBe(0);
    expect(await unnamed(() => removeCoupon(t.db, basketId, couponItemId))).toBe(0);
    const { lines, couponItems } = await pruneAndReadBasket(t.db, basketId);
    expect(lines.map((l) => [l.productId, l.quantity])).toEqual([['fb-1001-nvy-M', 2]]);
    expect(couponItems).toEqual([]);
  });

  it("prepares the store's hot queries by name, once per connection", async () => {
    const one = createDb({ databaseUrl: PG_URL, pgSchema: t.pgSchema, poolSize: 1 });
    try {
      const prepared = async () => (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(one.kysely)).rows.map((r) => r.name);
      expect(await prepared()).toEqual([]);
      await loadSession(one, token, GUEST_TTL);
      await loadSession(one, token, GUEST_TTL);
      expect(await prepared()).toHaveLength(1);
    } finally {
      await one.kysely.destroy();
    }
  });

  it("prepares a placement's writes sent as one statement by name too, once per connection", async () => {
    const one = createDb({ databaseUrl: PG_URL, pgSchema: t.pgSchema, poolSize: 1 });
    const statements = async () =>
      (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(one.kysely)).rows.map((r) => r.statement);
    const placeOn = async () => place(await readyBag(one, SKU), undefined, one);
    try {
      await placeOn();
      const composed = (await statements()).filter((text) => /^with (w0|"took") as \(/.test(text));
      // The claim's stock taken with its mark, and the commit's lines, bag, sessions, mail and reply.
      expect(composed).toHaveLength(2);
      await placeOn();
      expect((await statements()).filter((text) => /^with (w0|"took") as \(/.test(text))).toEqual(composed);
    } finally {
      await stopCatalogWatch(one);
      await one.kysely.destroy();
    }
  });
});
