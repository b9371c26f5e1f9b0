import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stockLevel } from '#src/server/commerce/stock.ts';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import type { Db } from '#src/server/db/database.ts';
import { isDatabaseUnavailable } from '#src/server/db/unavailable.ts';
import type { PaymentGateway } from '#src/server/payments/gateway.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { readyBag } from '../helpers/ready-bag.ts';

/**
 * The database goes away after the gateway held the amount and before the order is written (a restart, a failover):
 * the order is written once it is back, within the attempt's lease; the shopper waits up to 4 s for it, then is told
 * to try again (the database's absence: a 503 at the API), and the retry with the key gets the order. Away past the
 * lease, the hold is voided and the bag freed as soon as it is back. Runs on SQLite, and on PostgreSQL with
 * DATABASE_URL (the outage is this test's: write transactions refused as a connection refused would be).
 */
const SKU = 'fb-1003-nvy-L';
let t: TestDb;
let awayUntil = 0;

beforeAll(async () => {
  t = await freshDb();
  await t.db.kysely.updateTable('stock').set({ on_hand: 100 }).where('sku', '=', SKU).execute();
});
afterAll(() => t.cleanup());

/** The test's database, its write transactions refused while `awayUntil` is ahead. */
function flaky(db: Db): Db {
  const refused = () => ({
    execute: async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    },
  });
  const kysely = new Proxy(db.kysely, {
    get(target, prop) {
      if ((prop === 'transaction' || prop === 'connection') && Date.now() < awayUntil) return refused;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ...db, kysely };
}

/** The sandbox gateway, the database going away for `outageMs` as soon as it has held the amount. */
function gatewayThenOutage(outageMs: number): PaymentGateway {
  const sandbox = sandboxGateway({ database: async () => t.db, timeoutMs: 2_000 });
  return {
    ...sandbox,
    authorize: async (request) => {
      const outcome = await sandbox.authorize(request);
      awayUntil = Date.now() + outageMs;
      return outcome;
    },
  };
}

const ordersOf = (basketId: string) => t.db.kysely.selectFrom('orders').select('id').where('basket_id', '=', basketId).execute();

describe('a placement the database left between the hold and the order', () => {
  it('waits for it up to 4 s and writes the order once it is back', async () => {
    const bag = await readyBag(t.db, SKU);
    const request = { bagId: bag.basketId, customerId: null, idempotencyKey: randomUUID(), body: {}, expectedTotal: bag.total };
    const reply = await placeOrder(flaky(t.db), gatewayThenOutage(1_000), request, 2_000);
    expect(reply.result.confirmationStatus).toBe('confirmed');
    expect(await ordersOf(bag.basketId)).toHaveLength(1);
  });

  it('past 4 s the shopper is told to try again, and the retry with the key gets the order written meanwhile', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bag = await readyBag(t.db, SKU);
    const request = { bagId: bag.basketId, customerId: null, idempotencyKey: randomUUID(), body: {}, expectedTotal: bag.total };
    const gateway = gatewayThenOutage(6_000);
    const started = Date.now();
    const first = await placeOrder(flaky(t.db), gateway, request, 3_000).catch((err: unknown) => err);
    expect(isDatabaseUnavailable(first), String(first)).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await ordersOf(bag.basketId)).toHaveLength(0);
    await vi.waitFor(async () => expect(await ordersOf(bag.basketId)).toHaveLength(1), { timeout: 5_000, interval: 100 });
    const retry = await placeOrder(flaky(t.db), gateway, request, 3_000);
    expect(retry).toMatchObject({ status: 200, replayed: true, result: { confirmationStatus: 'confirmed' } });
    expect(await ordersOf(bag.basketId)).toHaveLength(1);
  }, 20_000);

  it('away past the lease, the hold is voided, the stock given back and the bag freed once it is back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const bag = await readyBag(t.db, SKU);
    const stock = await stockLevel(t.db, SKU);
    const request = { bagId: bag.basketId, customerId: null, idempotencyKey: randomUUID(), body: {}, expectedTotal: bag.total };
    // A lease of 0.2 s + 5 s; the database away for 7 s.
    const first = await placeOrder(flaky(t.db), gatewayThenOutage(7_000), request, 200).catch((err: unknown) => err);
    expect(isDatabaseUnavailable(first), String(first)).toBe(true);
    const attempt = await t.db.kysely.selectFrom('checkout_attempts').select('id').where('basket_id', '=', bag.basketId).executeTakeFirstOrThrow();
    await vi.waitFor(
      async () => {
        const basket = await t.db.kysely.selectFrom('baskets').select('placing_attempt_id').where('id', '=', bag.basketId).executeTakeFirstOrThrow();
        expect(basket.placing_attempt_id).toBeNull();
      },
      { timeout: 8_000, interval: 100 },
    );
    expect(Date.now()).toBeLessThan(awayUntil + 2_000);
    expect(await ordersOf(bag.basketId)).toHaveLength(0);
    expect(await stockLevel(t.db, SKU)).toBe(stock);
    const holds = await t.db.kysely.selectFrom('payment_sandbox_authorizations').select('status').where('reference', '=', attempt.id).execute();
    expect(holds).toEqual([{ status: 'voided' }]);
  }, 20_000);
});
