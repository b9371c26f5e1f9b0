import { spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addItem } from '#src/server/commerce/basket.ts';
import { stockLevel } from '#src/server/commerce/stock.ts';
import { confirmShippingMethod, readCheckoutView, setEmail, setPayment, setShippingAddress } from '#src/server/checkout/checkout-service.ts';
import { cardFromGateway } from '#src/server/checkout/card-on-file.ts';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import { recoverAbandonedAttempts } from '#src/server/checkout/placement/recovery.ts';
import type { AuthorizationRecord, AuthorizeRequest, PaymentGateway } from '#src/server/payments/gateway.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { createSandboxToken } from '#src/server/payments/sandbox/tokens.ts';
import { ORDER_TOTAL_CHANGED } from '#src/lib/checkout/order-messages.ts';
import { placementToWire } from '#src/lib/api/wire.ts';
import type { Db } from '#src/server/db/database.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';

/**
 * Placing an order exactly once: the same key replays, another body with it is refused, one bag is
 * placed once whatever the keys, the last unit goes to one buyer, and a refusal, a timeout, a database failure or a
 * crash leaves no order, no stock taken and no authorization held. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
const onPostgres = !!process.env.DATABASE_URL;
const SKU = 'fb-1002-olv-M';
const LEASE_MS = 300;

beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

const ADDRESS = TEST_ADDRESS;

async function token(db: Db, number: string): Promise<string> {
  const form = new URLSearchParams({
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': '2034',
    'card[cvc]': number.startsWith('37') ? '1234' : '123',
    'card[name]': 'Ada Lovelace',
  });
  const reply = await createSandboxToken(db, form);
  const body = reply.body as { id: string };
  if (reply.status !== 200) throw new Error(`tokenization failed: ${JSON.stringify(reply.body)}`);
  return body.id;
}

/** A bag ready to order: one line, e-mail, address, method, a card that will behave as `number` says. */
async function readyBag(number = '4242424242424242', quantity = 1): Promise<{ basketId: string; total: number }> {
  const { basketId } = await addItem(t.db, null, { productId: SKU, quantity } as never);
  await setEmail(t.db, basketId, 'ada@example.com', false);
  await setShippingAddress(t.db, basketId, ADDRESS, null);
  await confirmShippingMethod(t.db, basketId, 'Regular');
  await setPayment(t.db, basketId, {
    card: await cardFromGateway(sandboxGateway({ database: async () => t.db, timeoutMs: 200 }), await token(t.db, number), null),
    savedCardId: null,
    billingSame: true,
    billingAddress: null,
    customerId: null,
  });
  const view = await readCheckoutView(t.db, basketId, null);
  expect(view._flash.map((f) => f.type)).toEqual([]);
  return { basketId, total: view.basket.orderTotal };
}

/** The sandbox, counting what it was asked (and optionally failing the way a test needs). */
function countingGateway(db: Db, timeoutMs = 200) {
  const inner = sandboxGateway({ database: async () => db, timeoutMs });
  const calls = { authorize: 0, void: 0 };
  const gateway: PaymentGateway = {
    ...inner,
    name: 'counting sandbox',
    authorize: (r: AuthorizeRequest) => {
      calls.authorize++;
      return inner.authorize(r);
    },
    void: (id: string) => {
      calls.void++;
      return inner.void(id);
    },
    findByReference: (ref: string): Promise<AuthorizationRecord[]> => inner.findByReference(ref),
  };
  return { gateway, calls, inner };
}

let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${keyCounter++}-abcdef`;
const place = (gateway: PaymentGateway, basketId: string, expectedTotal: number, key = newKey(), db: Db = t.db) =>
  placeOrder(db, gateway, { bagId: basketId, customerId: null, idempotencyKey: key, body: { orderTotal: expectedTotal }, expectedTotal }, LEASE_MS);

const countOrders = async (basketId: string) =>
  Number(
    (
      await t.db.kysely
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('basket_id', '=', basketId)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function heldAuthorizations(gateway: PaymentGateway, attemptIds: string[]) {
  const found = (await Promise.all(attemptIds.map((id) => gateway.findByReference(id)))).flat();
  return found.filter((a) => a.status === 'authorized');
}

const attemptIdsOf = async (basketId: string) =>
  (await t.db.kysely.selectFrom('checkout_attempts').select('id').where('basket_id', '=', basketId).execute()).map((r) => r.id);

const setStock = async (onHand: number) => {
  const r = await t.db.kysely.updateTable('stock').set({ on_hand: onHand }).where('sku', '=', SKU).executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new Error(`no stock row for ${SKU}`);
};

describe(`placing an order exactly once (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  beforeEach(() => setStock(50));

  it('an approved card: one order with the order number pattern, stock taken, the bag let go, a confirmation queued', async () => {
    const { gateway, calls } = countingGateway(t.db);
    const { basketId, total } = await readyBag();
    const reply = await place(gateway, basketId, total);
    expect(reply.status).toBe(200);
    expect(reply.result.confirmationStatus).toBe('confirmed');
    expect(reply.result.orderNo).toMatch(/^\d{1,4}-\d{5}-\d{3,4}$/);
    expect(reply.result.orderTotal).toBe(total);
    expect(calls.authorize).toBe(1);
    expect(await countOrders(basketId)).toBe(1);
    expect(await stockLevel(t.db, SKU)).toBe(49);
    const bag = await t.db.kysely.selectFrom('baskets').select(['status', 'placing_attempt_id']).where('id', '=', basketId).executeTakeFirstOrThrow();
    expect(bag).toEqual({ status: 'ordered', placing_attempt_id: null });
    const order = await t.db.kysely.selectFrom('orders').selectAll().where('basket_id', '=', basketId).executeTakeFirstOrThrow();
    expect(order.total_cents).toBe(total);
    expect(order.payment_summary).toBe(JSON.stringify({ cardType: 'Visa', last4: '4242' }));
    const mail = await t.db.kysely.selectFrom('outbox').selectAll().where('subject', 'like', `%${reply.result.orderNo}%`).execute();
    expect(mail).toHaveLength(1);
  });

  it('100 concurrent placements with one key: one order, one authorization, identical replies marked replayed but one', async () => {
    const { gateway, calls } = countingGateway(t.db);
    const { basketId, total } = await readyBag();
    const key = newKey();
    const replies = await Promise.all(Array.from({ length: 100 }, () => place(gateway, basketId, total, key)));
    expect(new Set(replies.map((r) => JSON.stringify(r.result))).size).toBe(1);
    expect(replies.every((r) => r.status === 200 && r.result.confirmationStatus === 'confirmed')).toBe(true);
    expect(replies.filter((r) => !r.replayed)).toHaveLength(1);
    expect(calls.authorize).toBe(1);
    expect(await countOrders(basketId)).toBe(1);
  });

  it('the same key with another body is refused with 422', async () => {
    const { gateway } = countingGateway(t.db);
    const { basketId, total } = await readyBag();
    const key = newKey();
    await place(gateway, basketId, total, key);
    const other = await placeOrder(
      t.db,
      gateway,
      { bagId: basketId, customerId: null, idempotencyKey: key, body: { orderTotal: total + 1 }, expectedTotal: total + 1 },
      LEASE_MS,
    );
    expect(other.status).toBe(422);
  });

  it('50 placements of one bag with different keys: one order, the rest 409', async () => {
    const { gateway, calls } = countingGateway(t.db);
    const { basketId, total } = await readyBag();
    const replies = await Promise.all(Array.from({ length: 50 }, () => place(gateway, basketId, total)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(49);
    expect(calls.authorize).toBe(1);
    expect(await countOrders(basketId)).toBe(1);
  });

  it('the last unit in stock and 20 buyers: one order, stock never below 0', async () => {
    const { gateway } = countingGateway(t.db);
    const bags = [];
    for (let i = 0; i < 20; i++) bags.push(await readyBag());
    await setStock(1);
    const replies = await Promise.all(bags.map((b) => place(gateway, b.basketId, b.total)));
    expect(replies.filter((r) => r.result.confirmationStatus === 'confirmed')).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(19);
    // Refused as sold out: by the stock taken (the claim raced another) or by the bag read after it was taken.
    for (const r of replies.filter((r) => r.status === 409)) {
      expect(['Sorry, an item in your bag has just sold out.', 'Some items in your bag cannot be ordered. Please review your bag.']).toContain(
        r.result.message,
      );
    }
    expect(await stockLevel(t.db, SKU)).toBe(0);
    // A refused claim leaves no bag marked as being placed and no attempt authorizing: each can be placed again.
    const ids = bags.map((b) => b.basketId);
    const marked = await t.db.kysely.selectFrom('baskets').select('id').where('id', 'in', ids).where('placing_attempt_id', 'is not', null).execute();
    expect(marked).toEqual([]);
    const authorizing = await t.db.kysely
      .selectFrom('checkout_attempts')
      .select('id')
      .where('basket_id', 'in', ids)
      .where('state', '=', 'authorizing')
      .execute();
    expect(authorizing).toEqual([]);
  });

  it('a changed total is refused with the spec message and nothing is taken', async () => {
    const { gateway, calls } = countingGateway(t.db);
    const { basketId, total } = await readyBag();
    const reply = await place(gateway, basketId, total - 100);
    expect(reply.status).toBe(409);
    expect(reply.result.message).toBe(ORDER_TOTAL_CHANGED);
    expect(calls.authorize).toBe(0);
    expect(await stockLevel(t.db, SKU)).toBe(50);
    expect(await countOrders(basketId)).toBe(0);
  });

  it('the key stores the result in the engine’s terms, and its replay makes the first reply’s bytes again, bag and all', async () => {
    const { gateway } = countingGateway(t.db);
    const refusedBag = await readyBag();
    const refused = { key: newKey(), ...refusedBag, expected: refusedBag.total - 100 };
    const confirmedBag = await readyBag();
    const confirmed = { key: newKey(), ...confirmedBag, expected: confirmedBag.total };
    const firstRefused = await place(gateway, refused.basketId, refused.expected, refused.key);
    expect([firstRefused.status, firstRefused.result.bag?.lines.length]).toEqual([409, 1]);
    const firstConfirmed = await place(gateway, confirmed.basketId, confirmed.expected, confirmed.key);
    expect([firstConfirmed.status, firstConfirmed.result.bag?.lines.length]).toEqual([200, 0]);
    for (const [{ key, basketId, expected }, first] of [
      [refused, firstRefused],
      [confirmed, firstConfirmed],
    ] as const) {
      const again = await place(gateway, basketId, expected, key);
      expect(again.replayed).toBe(true);
      expect(JSON.stringify(placementToWire(again.result))).toBe(JSON.stringify(placementToWire(first.result)));
      const stored = await t.db.kysely.selectFrom('checkout_attempts').select('reply').where('idempotency_key', '=', key).executeTakeFirstOrThrow();
      expect(Object.keys(JSON.parse(stored.reply ?? '{}'))).toContain('bag');
    }
  });

  for (const [card, label] of [
    ['4000000000000002', 'a declined card'],
    ['4000000000009995', 'insufficient funds'],
    ['4000000000000119', 'a processing error'],
  ] as const) {
    it(`${label}: no order, stock given back, no authorization held, and the bag can be ordered again`, async () => {
      const { gateway } = countingGateway(t.db);
      const { basketId, total } = await readyBag(card);
      const reply = await place(gateway, basketId, total);
      expect(reply.result.confirmationStatus).toBe('failed');
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.result.message).toBeTruthy();
      expect(await countOrders(basketId)).toBe(0);
      expect(await stockLevel(t.db, SKU)).toBe(50);
      expect(await heldAuthorizations(gateway, await attemptIdsOf(basketId))).toEqual([]);
      const bag = await t.db.kysely
        .selectFrom('baskets')
        .select(['status', 'placing_attempt_id'])
        .where('id', '=', basketId)
        .executeTakeFirstOrThrow();
      expect(bag).toEqual({ status: 'open', placing_attempt_id: null });
      // The authorization spent the card's token (a token pays once): the card is taken off the bag and the shopper
      // enters one again.
      const flash = (await readCheckoutView(t.db, basketId, null))._flash.map((f) => f.type);
      expect(flash).toContain('PaymentInstrumentRequired');
    });
  }

  it('a gateway timeout: what it held is voided, no order, stock given back', async () => {
    const { gateway, calls } = countingGateway(t.db, 100);
    const { basketId, total } = await readyBag('4000000000007775');
    const reply = await place(gateway, basketId, total);
    expect(reply.result.confirmationStatus).toBe('failed');
    expect(calls.void).toBeGreaterThanOrEqual(1);
    expect(await heldAuthorizations(gateway, await attemptIdsOf(basketId))).toEqual([]);
    expect(await countOrders(basketId)).toBe(0);
    expect(await stockLevel(t.db, SKU)).toBe(50);
  });

  it('the database failing while the order is written: the authorization is voided and nothing is half-written', async () => {
    const { gateway, calls } = countingGateway(t.db);
    const { basketId, total } = await readyBag();
    // The order_lines insert fails once (as a lost connection would), after the authorization.
    const failing: PaymentGateway = {
      ...gateway,
      authorize: async (r) => {
        const result = await gateway.authorize(r);
        await t.db.kysely.schema.alterTable('order_lines').renameTo('order_lines_away').execute();
        return result;
      },
    };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reply = await place(failing, basketId, total);
    await t.db.kysely.schema.alterTable('order_lines_away').renameTo('order_lines').execute();
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
    expect(reply.result.confirmationStatus).toBe('failed');
    expect(calls.void).toBe(1);
    expect(await countOrders(basketId)).toBe(0);
    expect(await stockLevel(t.db, SKU)).toBe(50);
    expect(await heldAuthorizations(gateway, await attemptIdsOf(basketId))).toEqual([]);
  });

  it('a process killed between authorizing and committing: after restart the recovery sweep voids the authorization', async () => {
    const { gateway } = countingGateway(t.db);
    const { basketId, total } = await readyBag();
    const env = {
      ...process.env,
      WORKER_SQLITE_FILE: t.file ?? '',
      WORKER_PG_SCHEMA: t.pgSchema ?? '',
      WORKER_BASKET: basketId,
      WORKER_KEY: newKey(),
      WORKER_TOTAL: String(total),
    };
    const { signal, out } = await new Promise<{ signal: string | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['tests/engine/fixtures/place-and-die-worker.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
      let printed = '';
      child.stdout.on('data', (d) => (printed += d));
      child.on('exit', (_code, sig) => resolve({ signal: sig, out: printed }));
    });
    expect(signal).toBe('SIGKILL');
    expect(out).toBe('authorized');
    const [attemptId] = await attemptIdsOf(basketId);
    // Left behind: the attempt mid-flight, stock taken, an authorization held, the bag blocked.
    expect(await heldAuthorizations(gateway, [attemptId!])).toHaveLength(1);
    expect(await stockLevel(t.db, SKU)).toBe(49);
    // Within its lease the sweep leaves it alone (another live instance may still be committing it).
    expect(await recoverAbandonedAttempts(t.db, gateway, new Date())).toEqual({ recovered: 0, left: 0 });
    // "After restart", once the lease has run out:
    expect(await recoverAbandonedAttempts(t.db, gateway, new Date(Date.now() + 10 * 60_000))).toEqual({ recovered: 1, left: 0 });
    expect(await heldAuthorizations(gateway, [attemptId!])).toEqual([]);
    expect(await countOrders(basketId)).toBe(0);
    expect(await stockLevel(t.db, SKU)).toBe(50);
    const bag = await t.db.kysely.selectFrom('baskets').select(['status', 'placing_attempt_id']).where('id', '=', basketId).executeTakeFirstOrThrow();
    expect(bag).toEqual({ status: 'open', placing_attempt_id: null });
  });
});
