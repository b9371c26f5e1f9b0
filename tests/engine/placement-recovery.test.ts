import { spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BAG_BEING_ORDERED } from '#src/server/commerce/basket-lock.ts';
import { addItem, updateItemQuantity } from '#src/server/commerce/basket.ts';
import { stockLevel } from '#src/server/commerce/stock.ts';
import { confirmShippingMethod, setBilling, setEmail, setPayment, setShippingAddress } from '#src/server/checkout/checkout-service.ts';
import { cardFromGateway } from '#src/server/checkout/card-on-file.ts';
import { startMaintenance } from '#src/server/maintenance/sweep.ts';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import { recoverLapsedPlacement } from '#src/server/checkout/placement/recovery.ts';
import type { PaymentGateway } from '#src/server/payments/gateway.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { ORDER_TECHNICAL_PROBLEM } from '#src/lib/checkout/order-messages.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { readyBag, sandboxToken } from '../helpers/ready-bag.ts';

/**
 * Placements a crash left between authorizing and committing: their bags are settled (hold voided, stock given back,
 * the bag editable, the key answering) as soon as their lease runs out, by the recovery maintenance schedules from
 * start-up, or at once by a request that meets one. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
const onPostgres = !!process.env.DATABASE_URL;
const SKU = 'fb-1002-olv-M';
const OTHER_SKU = 'fb-1001-blk-M';
const LEASE_MS = 300;
const STOCK = 50;

let gateway: PaymentGateway;
beforeAll(async () => {
  t = await freshDb();
  gateway = sandboxGateway({ database: async () => t.db, timeoutMs: 200 });
  // As getDb does for the process's database: a write that meets a lapsed placement settles it and runs again.
  t.db.recoverFrom = (err) => recoverLapsedPlacement(t.db, err, () => gateway);
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.db.kysely.updateTable('stock').set({ on_hand: STOCK }).where('sku', '=', SKU).execute();
});

let keyCounter = 0;
const newKey = () => `recovery-key-${Date.now()}-${keyCounter++}-abcdef`;
const place = (g: PaymentGateway, basketId: string, total: number, key: string) =>
  placeOrder(t.db, g, { bagId: basketId, customerId: null, idempotencyKey: key, body: { orderTotal: total }, expectedTotal: total }, LEASE_MS);

/** Waits until `condition` holds, checking every 25 ms; fails after `withinMs`. */
async function waitFor(condition: () => Promise<boolean>, withinMs: number, what: string): Promise<number> {
  const deadline = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return Date.now();
}

const attemptOf = (key: string) =>
  t.db.kysely.selectFrom('checkout_attempts').select(['id', 'state', 'lease_until']).where('idempotency_key', '=', key).executeTakeFirst();
const bagOf = (basketId: string) =>
  t.db.kysely.selectFrom('baskets').select(['status', 'placing_attempt_id']).where('id', '=', basketId).executeTakeFirstOrThrow();
const holdsOf = async (attemptId: string) => (await gateway.findByReference(attemptId)).map((a) => a.status);
const orderCount = async (basketId: string) =>
  (await t.db.kysely.selectFrom('orders').select('id').where('basket_id', '=', basketId).execute()).length;

/** The sandbox, except that an authorization never answers: the placement stops between authorize and commit. */
const answerless: PaymentGateway = {
  name: 'authorizes and never answers',
  describeToken: (token) => gateway.describeToken(token),
  saveCard: (request) => gateway.saveCard(request),
  authorize: async (request) => {
    await gateway.authorize(request);
    return new Promise<never>(() => {});
  },
  void: (id) => gateway.void(id),
  findByReference: (ref) => gateway.findByReference(ref),
};

/** A placement of a ready bag, stopped once the gateway holds the amount: what a process killed at that moment leaves. */
async function stoppedPlacement(): Promise<{ basketId: string; total: number; key: string; attemptId: string }> {
  const { basketId, total } = await readyBag(t.db, SKU);
  const key = newKey();
  void place(answerless, basketId, total, key);
  let attemptId = '';
  await waitFor(
    async () => {
      attemptId = (await attemptOf(key))?.id ?? '';
      return !!attemptId && (await holdsOf(attemptId)).includes('authorized');
    },
    5_000,
    'the placement reached the gateway',
  );
  return { basketId, total, key, attemptId };
}

/** The lease runs out (as the clock would make it, without waiting for it). */
const leaseRunsOut = (attemptId: string) =>
  t.db.kysely
    .updateTable('checkout_attempts')
    .set({ lease_until: new Date(Date.now() - 1).toISOString() })
    .where('id', '=', attemptId)
    .execute();

async function expectSettled(p: { basketId: string; total: number; key: string; attemptId: string }) {
  expect(await holdsOf(p.attemptId)).toEqual(['voided']);
  expect(await bagOf(p.basketId)).toEqual({ status: 'open', placing_attempt_id: null });
  expect(await orderCount(p.basketId)).toBe(0);
  const again = await place(gateway, p.basketId, p.total, p.key);
  expect([again.status, again.replayed, again.result.message]).toEqual([503, true, ORDER_TECHNICAL_PROBLEM]);
}

describe(`recovering placements a crash left mid-payment (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('killed with placements in flight and restarted at once: every bag is settled when its lease runs out, not at a later sweep', async () => {
    const bags: { basketId: string; total: number; key: string }[] = [];
    for (let i = 0; i < 3; i++) bags.push({ ...(await readyBag(t.db, SKU)), key: newKey() });
    const env = {
      ...process.env,
      WORKER_SQLITE_FILE: t.file ?? '',
      WORKER_PG_SCHEMA: t.pgSchema ?? '',
      // Long enough that a slow start of the worker still leaves the leases running at the restart.
      WORKER_LEASE_MS: '2000',
      WORKER_PLACEMENTS: JSON.stringify(bags),
    };
    const { signal, out } = await new Promise<{ signal: string | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['tests/engine/fixtures/place-many-and-die-worker.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
      let printed = '';
      child.stdout.on('data', (d) => (printed += d));
      child.on('exit', (_code, sig) => resolve({ signal: sig, out: printed }));
    });
    expect([signal, out]).toEqual(['SIGKILL', 'authorized 3']);
    const attempts = await Promise.all(bags.map(async (b) => (await attemptOf(b.key))!));
    expect(attempts.map((a) => a.state)).toEqual(['authorizing', 'authorizing', 'authorizing']);
    expect(await stockLevel(t.db, SKU)).toBe(STOCK - 3);

    // The restart, at once: the dead process's leases are still running, so the start-up pass must leave them.
    const logged = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const restartedAt = Date.now();
    const leaseEnd = Math.max(...attempts.map((a) => Date.parse(a.lease_until)));
    expect(Math.min(...attempts.map((a) => Date.parse(a.lease_until)))).toBeGreaterThan(restartedAt);
    const stop = startMaintenance({ database: async () => t.db, gateway: () => gateway });
    try {
      const settledAt = await waitFor(
        async () => (await Promise.all(bags.map(async (b) => (await bagOf(b.basketId)).placing_attempt_id === null))).every(Boolean),
        leaseEnd - restartedAt + 5_000,
        'every bag settled within its lease and 5 s of the restart',
      );
      // Settled at the leases' end: the recovery ran when they ran out (a sweep comes at a random time, minutes apart).
      expect(settledAt - leaseEnd).toBeLessThan(2_000);
    } finally {
      stop();
    }
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/recovered \d order attempt/));
    logged.mockRestore();

    for (const [i, b] of bags.entries()) await expectSettled({ ...b, attemptId: attempts[i]!.id });
    expect(await stockLevel(t.db, SKU)).toBe(STOCK);
    // The bag takes edits again.
    const [line] = await t.db.kysely.selectFrom('basket_items').select('id').where('basket_id', '=', bags[0]!.basketId).execute();
    await updateItemQuantity(t.db, bags[0]!.basketId, line!.id, 2);
  });

  it('a lease that runs out while recovery is busy with another is recovered right after it, not at the next sweep', async () => {
    const first = await stoppedPlacement();
    const second = await stoppedPlacement();
    // The clock: the first lease ends in 300 ms, the second 100 ms later, while the first's recovery still waits on a
    // gateway that takes 250 ms to answer a search.
    const start = Date.now();
    const endsAt = async (p: { attemptId: string }, at: number) =>
      t.db.kysely
        .updateTable('checkout_attempts')
        .set({ lease_until: new Date(at).toISOString() })
        .where('id', '=', p.attemptId)
        .execute();
    await endsAt(first, start + 300);
    await endsAt(second, start + 400);
    const slow: PaymentGateway = {
      ...gateway,
      findByReference: async (ref) => {
        await new Promise((r) => setTimeout(r, 250));
        return gateway.findByReference(ref);
      },
    };
    const logged = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const stop = startMaintenance({ database: async () => t.db, gateway: () => slow });
    try {
      const settledAt = await waitFor(
        async () => (await bagOf(second.basketId)).placing_attempt_id === null,
        5_000,
        'the second bag settled soon after its lease',
      );
      expect(settledAt - (start + 400)).toBeLessThan(2_000);
    } finally {
      stop();
      logged.mockRestore();
    }
    await expectSettled(first);
    await expectSettled(second);
  });

  it('a retry with the key after the lease ran out settles the placement then and there and answers its outcome', async () => {
    const p = await stoppedPlacement();
    expect(await stockLevel(t.db, SKU)).toBe(STOCK - 1);
    await leaseRunsOut(p.attemptId);
    const retry = await place(gateway, p.basketId, p.total, p.key);
    expect([retry.status, retry.replayed, retry.result.message]).toEqual([503, true, ORDER_TECHNICAL_PROBLEM]);
    expect(await stockLevel(t.db, SKU)).toBe(STOCK);
    await expectSettled(p);
  });

  it('a bag edit that meets a placement past its lease settles it and goes ahead', async () => {
    const p = await stoppedPlacement();
    // While the lease runs the bag is being placed: edits wait their turn (409).
    await expect(addItem(t.db, p.basketId, { productId: OTHER_SKU, quantity: 1 } as never)).rejects.toThrow(BAG_BEING_ORDERED);
    await leaseRunsOut(p.attemptId);
    await addItem(t.db, p.basketId, { productId: OTHER_SKU, quantity: 1 } as never);
    await setEmail(t.db, p.basketId, 'grace@example.com', false);
    const skus = await t.db.kysely.selectFrom('basket_items').select('sku').where('basket_id', '=', p.basketId).orderBy('position').execute();
    expect(skus.map((s) => s.sku)).toEqual([SKU, OTHER_SKU]);
    expect(await stockLevel(t.db, SKU)).toBe(STOCK);
    await expectSettled(p);
  });

  it("every checkout step waits its turn while the bag's order is being placed (409, nothing written), and settles a lapsed one", async () => {
    const p = await stoppedPlacement();
    const checkoutRow = () => t.db.kysely.selectFrom('basket_checkout').selectAll().where('basket_id', '=', p.basketId).executeTakeFirstOrThrow();
    const shipping = () =>
      t.db.kysely.selectFrom('baskets').select(['shipping_state_code', 'shipping_method_id']).where('id', '=', p.basketId).executeTakeFirstOrThrow();
    const [row, bag] = [await checkoutRow(), await shipping()];
    const steps = [
      () => setEmail(t.db, p.basketId, 'grace@example.com', true),
      () => setShippingAddress(t.db, p.basketId, { ...TEST_ADDRESS, stateCode: 'NY' }, null),
      () => confirmShippingMethod(t.db, p.basketId, 'Express'),
      () => setBilling(t.db, p.basketId, null, false, { ...TEST_ADDRESS, stateCode: 'NY' }),
    ];
    for (const step of steps) await expect(step()).rejects.toThrow(BAG_BEING_ORDERED);
    expect(await checkoutRow()).toEqual(row);
    expect(await shipping()).toEqual(bag);
    await leaseRunsOut(p.attemptId);
    await setEmail(t.db, p.basketId, 'grace@example.com', false);
    expect((await checkoutRow()).email).toBe('grace@example.com');
    await expectSettled(p);
  });

  it('placing the bag again with a new key settles the lapsed placement; the spent card is entered again and the order placed', async () => {
    const p = await stoppedPlacement();
    await leaseRunsOut(p.attemptId);
    // The lapsed authorization spent the card's token: settled, the bag asks for the card again.
    const again = await place(gateway, p.basketId, p.total, newKey());
    expect([again.status, again.result.confirmationStatus, again.result.message]).toEqual([400, 'failed', 'Please enter a payment method.']);
    expect(await holdsOf(p.attemptId)).toEqual(['voided']);
    expect(await stockLevel(t.db, SKU)).toBe(STOCK);
    await setPayment(t.db, p.basketId, {
      card: await cardFromGateway(gateway, await sandboxToken(t.db, '4242424242424242'), null),
      savedCardId: null,
      billingSame: true,
      billingAddress: null,
      customerId: null,
    });
    const paid = await place(gateway, p.basketId, p.total, newKey());
    expect([paid.status, paid.result.confirmationStatus]).toEqual([200, 'confirmed']);
    expect(await orderCount(p.basketId)).toBe(1);
    expect(await stockLevel(t.db, SKU)).toBe(STOCK - 1);
  });

  it('a placement that outlives its lease stands down at its commit: no order, its hold voided, everything given back', async () => {
    const { basketId, total } = await readyBag(t.db, SKU);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const late: PaymentGateway = {
      ...gateway,
      authorize: async (request) => {
        const result = await gateway.authorize(request);
        await answered;
        return result;
      },
    };
    const key = newKey();
    const placing = place(late, basketId, total, key);
    await waitFor(async () => (await attemptOf(key))?.state === 'authorizing', 5_000, 'the placement reached the gateway');
    const attemptId = (await attemptOf(key))!.id;
    await leaseRunsOut(attemptId);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer();
    const reply = await placing;
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('voiding its authorization'), expect.any(Error));
    logged.mockRestore();
    expect([reply.status, reply.result.confirmationStatus]).toEqual([503, 'failed']);
    expect(await orderCount(basketId)).toBe(0);
    expect(await holdsOf(attemptId)).toEqual(['voided']);
    expect(await bagOf(basketId)).toEqual({ status: 'open', placing_attempt_id: null });
    expect(await stockLevel(t.db, SKU)).toBe(STOCK);
  });

  it('a lapsed placement the gateway cannot be asked about keeps its bag and its stock until it can', async () => {
    const p = await stoppedPlacement();
    await leaseRunsOut(p.attemptId);
    const reachable = gateway;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    gateway = { ...reachable, findByReference: () => Promise.reject(new Error('gateway unreachable')) };
    try {
      await expect(addItem(t.db, p.basketId, { productId: OTHER_SKU, quantity: 1 } as never)).rejects.toThrow(BAG_BEING_ORDERED);
      const retry = await place(gateway, p.basketId, p.total, p.key);
      expect(retry.status).toBe(409);
    } finally {
      gateway = reachable;
      logged.mockRestore();
    }
    expect(await bagOf(p.basketId)).toEqual({ status: 'open', placing_attempt_id: p.attemptId });
    expect(await stockLevel(t.db, SKU)).toBe(STOCK - 1);
    expect(await holdsOf(p.attemptId)).toEqual(['authorized']);
    // Once the gateway answers, the next edit settles it.
    await addItem(t.db, p.basketId, { productId: OTHER_SKU, quantity: 1 } as never);
    await expectSettled(p);
  });
});
