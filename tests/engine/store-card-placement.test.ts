import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import { recoverAbandonedAttempts } from '#src/server/checkout/placement/recovery.ts';
import { requestHash } from '#src/server/checkout/placement/attempt-log.ts';
import { claimBag, markClaimed } from '#src/server/checkout/placement/claim.ts';
import { payerFor } from '#src/server/checkout/placement/payer.ts';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import type { Db } from '#src/server/db/database.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import type { PaymentGateway } from '#src/server/payments/gateway.ts';
import { availableCredit } from '#src/server/store-card/ledger.ts';
import { STORE_CARD_INSUFFICIENT_CREDIT } from '#src/lib/store-card/store-card-messages.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { guestAccount, storeCardAccount, storeCardBag } from '../helpers/store-card-fixtures.ts';

/**
 * Paying with the store card: the amount due is held against the account's available credit under the placement
 * attempt's id, captured when the order is committed and released when the attempt ends without one. Concurrent
 * placements never spend more than the credit, a replay holds once, and recovery gives a hold back. Runs on SQLite,
 * and on PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
const onPostgres = !!process.env.DATABASE_URL;
const SKU = 'fb-1002-olv-M';
const LEASE_MS = 2000;

beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.db.kysely.updateTable('stock').set({ on_hand: 500 }).where('sku', '=', SKU).execute();
});

const gateway = (): PaymentGateway => sandboxGateway({ database: async () => t.db, timeoutMs: 2000 });
let keys = 0;
const place = (basketId: string, total: number, key = `store-card-${Date.now()}-${keys++}-abcdef`, db: Db = t.db, leaseMs = LEASE_MS) =>
  placeOrder(db, gateway(), { bagId: basketId, customerId: null, idempotencyKey: key, body: { orderTotal: total }, expectedTotal: total }, leaseMs);

async function ledger(accountId: string) {
  const rows = await t.db.kysely.selectFrom('store_card_ledger').select(['kind', 'amount_cents']).where('account_id', '=', accountId).execute();
  const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.amount_cents, 0);
  return { hold: sum('hold'), capture: sum('capture'), release: sum('release'), rows: rows.length };
}
const available = (accountId: string) => availableCredit(t.db.kysely, accountId);

describe(`the store card at placement (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('twenty placements at once on an account with 100.00 available: no more succeed than the credit pays for', async () => {
    // The bags' total sets the limit: five bags' worth, never a cent more (the bag is priced by the catalog).
    const probe = await storeCardAccount(t.db, 100_00);
    const { total } = await storeCardBag(t.db, SKU, await guestAccount(t.db, probe.number));
    const bagsPaid = Math.floor(100_00 / total);
    expect(bagsPaid).toBeGreaterThan(0);
    expect(bagsPaid).toBeLessThan(20);
    const { number, accountId } = await storeCardAccount(t.db, 100_00);
    const account = await guestAccount(t.db, number);
    const bags = [];
    for (let i = 0; i < 20; i++) bags.push(await storeCardBag(t.db, SKU, account));
    // On PostgreSQL half of them come through a second handle: another instance of the store.
    const handles = bags.map((_, i) => (onPostgres && i % 2 ? t.another() : t.db));
    const replies = await Promise.all(bags.map((b, i) => place(b.basketId, b.total, undefined, handles[i])));
    const confirmed = replies.filter((r) => r.result.confirmationStatus === 'confirmed');
    expect(confirmed).toHaveLength(bagsPaid);
    for (const r of replies.filter((x) => x.result.confirmationStatus !== 'confirmed')) expect(r.result.message).toBe(STORE_CARD_INSUFFICIENT_CREDIT);
    const after = await ledger(accountId);
    expect(after.capture).toBe(bagsPaid * total);
    expect(after.hold).toBe(after.capture + after.release);
    expect(await available(accountId)).toBe(100_00 - bagsPaid * total);
    expect(await available(accountId)).toBeGreaterThanOrEqual(0);
  });

  it('a placement sent again with its key holds once and captures once', async () => {
    const { number, accountId } = await storeCardAccount(t.db, 500_00);
    const bag = await storeCardBag(t.db, SKU, await guestAccount(t.db, number));
    const key = `store-card-replay-${accountId}`;
    const first = await place(bag.basketId, bag.total, key);
    const again = await place(bag.basketId, bag.total, key);
    expect(first.result.confirmationStatus).toBe('confirmed');
    expect(again.replayed).toBe(true);
    expect(await ledger(accountId)).toEqual({ hold: bag.total, capture: bag.total, release: 0, rows: 2 });
    expect(await available(accountId)).toBe(500_00 - bag.total);
  });

  it('a placement refused for want of credit holds nothing and leaves the credit as it was', async () => {
    const { number, accountId } = await storeCardAccount(t.db, 1_00);
    const bag = await storeCardBag(t.db, SKU, await guestAccount(t.db, number));
    const reply = await place(bag.basketId, bag.total);
    expect(reply.status).toBe(402);
    expect(reply.result.message).toBe(STORE_CARD_INSUFFICIENT_CREDIT);
    expect(await ledger(accountId)).toEqual({ hold: 0, capture: 0, release: 0, rows: 0 });
    expect(await available(accountId)).toBe(1_00);
  });

  it('an attempt whose order cannot be written releases its hold and can be placed again', async () => {
    const { number, accountId } = await storeCardAccount(t.db, 500_00);
    const bag = await storeCardBag(t.db, SKU, await guestAccount(t.db, number));
    // Writing the order fails (as a lost connection would), after the hold.
    await t.db.kysely.schema.alterTable('order_lines').renameTo('order_lines_away').execute();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reply = await place(bag.basketId, bag.total);
    await t.db.kysely.schema.alterTable('order_lines_away').renameTo('order_lines').execute();
    logged.mockRestore();
    expect(reply.result.confirmationStatus).toBe('failed');
    expect(await ledger(accountId)).toEqual({ hold: bag.total, capture: 0, release: bag.total, rows: 2 });
    expect(await available(accountId)).toBe(500_00);
    expect((await place(bag.basketId, bag.total)).result.confirmationStatus).toBe('confirmed');
    expect(await available(accountId)).toBe(500_00 - bag.total);
  });

  it('recovery of an attempt that died after its hold releases the hold, once', async () => {
    const { number, accountId } = await storeCardAccount(t.db, 500_00);
    const bag = await storeCardBag(t.db, SKU, await guestAccount(t.db, number));
    // A placement's steps up to its hold, as a process that dies before its commit leaves them.
    const request = { bagId: bag.basketId, customerId: null, idempotencyKey: `store-card-crash-${accountId}`, body: {}, expectedTotal: bag.total };
    const claimed = await withWriteTransaction(t.db, async (tx) => {
      const claim = await claimBag(t.db, tx, request, requestHash(bag.basketId, {}), 50);
      if (claim.kind !== 'claimed') throw new Error('the bag was not claimed');
      await markClaimed(tx, claim.attemptId, request.bagId, claim.snapshot);
      return claim;
    });
    const held = await payerFor(t.db, gateway(), claimed.snapshot.payment?.source).authorize({
      amountCents: bag.total,
      reference: claimed.attemptId,
    });
    expect(held.ok).toBe(true);
    expect(await available(accountId)).toBe(500_00 - bag.total);
    const later = new Date(Date.now() + 60_000);
    expect(await recoverAbandonedAttempts(t.db, gateway(), later)).toEqual({ recovered: 1, left: 0 });
    expect(await recoverAbandonedAttempts(t.db, gateway(), later)).toEqual({ recovered: 0, left: 0 });
    expect(await ledger(accountId)).toEqual({ hold: bag.total, capture: 0, release: bag.total, rows: 2 });
    expect(await available(accountId)).toBe(500_00);
    // A hold asked for again under the recovered attempt holds nothing.
    const again = await payerFor(t.db, gateway(), claimed.snapshot.payment?.source).authorize({
      amountCents: bag.total,
      reference: claimed.attemptId,
    });
    expect(again.ok).toBe(false);
    expect(await available(accountId)).toBe(500_00);
  });
});
