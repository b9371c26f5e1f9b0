import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addItem } from '#src/server/commerce/basket.ts';
import { readBasket } from '#src/server/commerce/basket-read.ts';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import type { PlacementReply } from '#src/lib/commerce/placement-result.ts';
import { recoverAbandonedAttempts } from '#src/server/checkout/placement/recovery.ts';
import type { Db } from '#src/server/db/database.ts';
import type { PaymentGateway } from '#src/server/payments/gateway.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { rewardsAvailable } from '#src/server/rewards/rewards-dollars.ts';
import { applyCertificate, applyRewards } from '#src/server/tenders/reward-tenders.ts';
import { bagToWire } from '#src/lib/api/wire.ts';
import { ORDER_TOTAL_CHANGED } from '#src/lib/checkout/order-messages.ts';
import { payLaterEligibility, payLaterInputOf } from '#src/lib/pay-later/pay-later-rules.ts';
import { CERTIFICATE_INVALID, MAX_DISCOUNTS, SIGN_IN_FOR_CODE } from '#src/lib/promo-code.ts';
import { CERTIFICATE_ALREADY_APPLIED, MAX_TENDERS_PER_BASKET, REWARDS_ALREADY_APPLIED } from '#src/lib/tenders/tender-split.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { readyBag } from '../helpers/ready-bag.ts';
import { certificateFor, grantRewards, rewardsCustomer } from '../helpers/rewards-fixtures.ts';

/**
 * Reward certificates and brand rewards dollars as tenders: applied by the account that holds them, paying before gift
 * cards, used or spent once by the placement's claim however many placements race for them, and given back when the
 * placement ends without an order. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
const onPostgres = !!process.env.DATABASE_URL;
const SKU = 'fb-1002-olv-M';
/** A June Lane top: Dia Shop Rewards are used on a bag holding one of Dia's brands. */
const DIA_SKU = 'jl-4005-cor-M';
const LEASE_MS = 300;

beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.db.kysely.updateTable('stock').set({ on_hand: 500 }).where('sku', '=', SKU).execute();
});

/** A ready bag of a Fernbrook (ELQ) line and a June Lane (Dia) line. */
async function bothProgrammesBag(number?: string) {
  const { basketId } = await readyBag(t.db, SKU, number);
  await addItem(t.db, basketId, { productId: DIA_SKU, quantity: 1 });
  return { basketId, total: (await readBasket(t.db.kysely, basketId)).orderTotal };
}

const gateway = (db: Db = t.db) => sandboxGateway({ database: async () => db, timeoutMs: 2000 });
let keys = 0;
const newKey = () => `reward-tender-${Date.now()}-${keys++}-abcdef`;

/** Places the bag for the customer with the total and amount due as the shopper sees them now. */
async function place(
  g: PaymentGateway,
  basketId: string,
  customerId: string | null,
  db: Db = t.db,
  seen?: { orderTotal: number; amountDue: number },
) {
  const bag = seen ?? (await readBasket(db.kysely, basketId));
  return placeOrder(
    db,
    g,
    {
      bagId: basketId,
      customerId,
      idempotencyKey: newKey(),
      body: { orderTotal: bag.orderTotal, amountDue: bag.amountDue },
      expectedTotal: bag.orderTotal,
      expectedAmountDue: bag.amountDue,
    },
    LEASE_MS,
  );
}

const certificateRow = (id: string) =>
  t.db.kysely.selectFrom('reward_certificates').select(['used_at', 'used_by_attempt']).where('id', '=', id).executeTakeFirstOrThrow();
const orderTendersOf = (orderId: string) =>
  t.db.kysely
    .selectFrom('order_tenders')
    .select(['method', 'amount_cents', 'certificate_id'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();

describe(`reward tenders on a bag (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it("a signed-in shopper's certificate pays first, its number masked on the wire, with the rewardsApplied row", async () => {
    const customer = await rewardsCustomer(t.db);
    const certificate = await certificateFor(t.db, customer.id, 1000);
    const { basketId, total } = await readyBag(t.db, SKU);
    await applyCertificate(t.db, basketId, customer.id, certificate.number.toLowerCase());
    const bag = await readBasket(t.db.kysely, basketId);
    expect(bag.summary.rewardsApplied).toBe(1000);
    expect(bag.amountDue).toBe(total - 1000);
    const wire = bagToWire(bag).paymentInstruments?.[0];
    expect(wire).toMatchObject({ paymentMethodId: 'ADS_REWARD_CERTIFICATE', c_rewardCertNumber: `•••• ${certificate.last4}`, amount: 1000 });
    expect(JSON.stringify(bagToWire(bag))).not.toContain(certificate.number);
    await expect(applyCertificate(t.db, basketId, customer.id, certificate.number)).rejects.toThrow(CERTIFICATE_ALREADY_APPLIED);
  });

  it("a guest is asked to sign in; someone else's, an unknown or a used certificate is one refusal", async () => {
    const owner = await rewardsCustomer(t.db);
    const other = await rewardsCustomer(t.db);
    const certificate = await certificateFor(t.db, owner.id, 1000);
    const { basketId } = await readyBag(t.db, SKU);
    await expect(applyCertificate(t.db, basketId, null, certificate.number)).rejects.toThrow(SIGN_IN_FOR_CODE);
    await expect(applyCertificate(t.db, basketId, other.id, certificate.number)).rejects.toThrow(CERTIFICATE_INVALID);
    await expect(applyCertificate(t.db, basketId, owner.id, `X${'2'.repeat(18)}`)).rejects.toThrow(CERTIFICATE_INVALID);
    const expired = await certificateFor(t.db, owner.id, 500, new Date(Date.now() - 90 * 86_400_000));
    await expect(applyCertificate(t.db, basketId, owner.id, expired.number)).rejects.toThrow(CERTIFICATE_INVALID);
    expect((await readBasket(t.db.kysely, basketId)).tenders).toEqual([]);
  });

  it('a certificate is good for 60 days from its issue: on day 59 it applies, on day 61 it is refused', async () => {
    const owner = await rewardsCustomer(t.db);
    const day = 86_400_000;
    const { basketId } = await readyBag(t.db, SKU);
    const lapsed = await certificateFor(t.db, owner.id, 500, new Date(Date.now() - 61 * day));
    await expect(applyCertificate(t.db, basketId, owner.id, lapsed.number)).rejects.toThrow(CERTIFICATE_INVALID);
    const good = await certificateFor(t.db, owner.id, 500, new Date(Date.now() - 59 * day));
    // The code field answers a certificate as it answers every code (checkout spec §4).
    expect(await applyCertificate(t.db, basketId, owner.id, good.number)).toMatchObject({ message: 'Code applied successfully' });
    expect((await readBasket(t.db.kysely, basketId)).summary.rewardsApplied).toBe(500);
  });

  it('a certificate that expires after it was applied is refused at placement: it pays nothing and is not used', async () => {
    const customer = await rewardsCustomer(t.db);
    const certificate = await certificateFor(t.db, customer.id, 1000);
    const { basketId, total } = await readyBag(t.db, SKU);
    await applyCertificate(t.db, basketId, customer.id, certificate.number);
    const seen = await readBasket(t.db.kysely, basketId);
    expect(seen.amountDue).toBe(total - 1000);
    const expire = new Date(Date.now() - 1000).toISOString();
    await t.db.kysely.updateTable('reward_certificates').set({ expires_at: expire }).where('id', '=', certificate.id).execute();

    // Placed as the shopper saw it, the certificate paying $10.00: refused, nothing written, the certificate unused.
    const refused = await place(gateway(), basketId, customer.id, t.db, { orderTotal: seen.orderTotal, amountDue: seen.amountDue });
    expect(refused.result).toMatchObject({ confirmationStatus: 'failed', message: ORDER_TOTAL_CHANGED });
    expect(refused.result.orderId ?? null).toBeNull();
    expect(await certificateRow(certificate.id)).toEqual({ used_at: null, used_by_attempt: null });

    // The bag read again no longer counts it: what is left for the card is the whole order.
    const again = await readBasket(t.db.kysely, basketId);
    expect(again.summary.rewardsApplied ?? 0).toBe(0);
    expect(again.amountDue).toBe(total);
  });

  it('rewards applied by brand pay the lesser of the balance and what is left, each programme once, with its row', async () => {
    const customer = await rewardsCustomer(t.db, ['elq', 'dia']);
    await grantRewards(t.db, customer.id, 'elq', 700);
    await grantRewards(t.db, customer.id, 'dia', 900_000);
    const { basketId, total } = await bothProgrammesBag();
    await applyRewards(t.db, basketId, customer.id, 'zq');
    await applyRewards(t.db, basketId, customer.id, 'dia');
    await expect(applyRewards(t.db, basketId, customer.id, 'zq')).rejects.toThrow(REWARDS_ALREADY_APPLIED);
    const bag = await readBasket(t.db.kysely, basketId);
    expect(bag.summary).toMatchObject({ elqRewardsApplied: 700, diaRewardsApplied: total - 700, amountDue: 0 });
    expect(bag.tenders.map((x) => x.paymentMethodId)).toEqual(['FB_REWARD_DOLLAR', 'DIA_REWARDS']);
    // Pay later is not offered with rewards (checkout spec §8): its rule reads the bag's tenders.
    expect(payLaterEligibility(payLaterInputOf({ orderTotal: 9999, tenders: bag.tenders }))).toBe('gift-card-or-reward');
  });

  it('rewards of a programme the shopper has no balance in, or is not a member of, are refused', async () => {
    const member = await rewardsCustomer(t.db, ['elq']);
    const { basketId } = await readyBag(t.db, SKU);
    await expect(applyRewards(t.db, basketId, member.id, 'zq')).rejects.toThrow();
    await expect(applyRewards(t.db, basketId, member.id, 'dia')).rejects.toThrow();
    await expect(applyRewards(t.db, basketId, null, 'zq')).rejects.toThrow(SIGN_IN_FOR_CODE);
  });

  it('the cap counts every tender kind: a sixth tender is the maximum-discounts answer', async () => {
    const customer = await rewardsCustomer(t.db, ['elq']);
    await grantRewards(t.db, customer.id, 'elq', 100);
    const { basketId } = await readyBag(t.db, SKU);
    for (let i = 0; i < MAX_TENDERS_PER_BASKET; i++) {
      await applyCertificate(t.db, basketId, customer.id, (await certificateFor(t.db, customer.id, 100)).number);
    }
    await expect(applyRewards(t.db, basketId, customer.id, 'zq')).rejects.toThrow(MAX_DISCOUNTS);
  });
});

describe(`placing with reward tenders (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('an order paid by a certificate, rewards and a card: each spent once, the card charged the rest, the order keeps them', async () => {
    const customer = await rewardsCustomer(t.db, ['elq']);
    await grantRewards(t.db, customer.id, 'elq', 500);
    const certificate = await certificateFor(t.db, customer.id, 1000);
    const { basketId, total } = await readyBag(t.db, SKU);
    await applyCertificate(t.db, basketId, customer.id, certificate.number);
    await applyRewards(t.db, basketId, customer.id, 'zq');
    const reply = await place(gateway(), basketId, customer.id);
    expect(reply.result.confirmationStatus).toBe('confirmed');
    expect((await certificateRow(certificate.id)).used_at).not.toBeNull();
    expect(await rewardsAvailable(t.db.kysely, customer.id, 'zq')).toBe(0);
    const paid = await orderTendersOf(reply.result.orderId!);
    expect(paid.map((p) => [p.method, p.amount_cents])).toEqual([
      ['ADS_REWARD_CERTIFICATE', 1000],
      ['FB_REWARD_DOLLAR', 500],
    ]);
    expect(total).toBeGreaterThan(1500);
  });

  it('only the account that applied a reward tender may spend it: another account placing the bag is a changed total', async () => {
    const customer = await rewardsCustomer(t.db);
    const other = await rewardsCustomer(t.db);
    const certificate = await certificateFor(t.db, customer.id, 1000);
    const { basketId } = await readyBag(t.db, SKU);
    await applyCertificate(t.db, basketId, customer.id, certificate.number);
    const reply = await place(gateway(), basketId, other.id);
    expect(reply.result.message).toBe(ORDER_TOTAL_CHANGED);
    expect((await certificateRow(certificate.id)).used_at).toBeNull();
  });

  it('a declined card gives back the certificate and the rewards', async () => {
    const customer = await rewardsCustomer(t.db, ['dia']);
    await grantRewards(t.db, customer.id, 'dia', 300);
    const certificate = await certificateFor(t.db, customer.id, 1000);
    const { basketId } = await bothProgrammesBag('4000000000000002');
    await applyCertificate(t.db, basketId, customer.id, certificate.number);
    await applyRewards(t.db, basketId, customer.id, 'dia');
    const reply = await place(gateway(), basketId, customer.id);
    expect(reply.result.confirmationStatus).toBe('failed');
    expect(await certificateRow(certificate.id)).toEqual({ used_at: null, used_by_attempt: null });
    expect(await rewardsAvailable(t.db.kysely, customer.id, 'dia')).toBe(300);
    expect((await readBasket(t.db.kysely, basketId)).summary).toMatchObject({ rewardsApplied: 1000, diaRewardsApplied: 300 });
  });

  it('recovery after a lapsed lease gives back the certificate and the rewards the claim took', async () => {
    const customer = await rewardsCustomer(t.db, ['elq']);
    await grantRewards(t.db, customer.id, 'elq', 400);
    const certificate = await certificateFor(t.db, customer.id, 1000);
    const { basketId } = await readyBag(t.db, SKU);
    await applyCertificate(t.db, basketId, customer.id, certificate.number);
    await applyRewards(t.db, basketId, customer.id, 'zq');
    const inner = gateway();
    const stuck: PaymentGateway = { ...inner, authorize: () => new Promise(() => {}) };
    void place(stuck, basketId, customer.id);
    await expect.poll(() => rewardsAvailable(t.db.kysely, customer.id, 'zq')).toBe(0);
    expect((await certificateRow(certificate.id)).used_at).not.toBeNull();
    expect(await recoverAbandonedAttempts(t.db, inner, new Date(Date.now() + 10 * 60_000))).toMatchObject({ recovered: 1 });
    expect(await certificateRow(certificate.id)).toEqual({ used_at: null, used_by_attempt: null });
    expect(await rewardsAvailable(t.db.kysely, customer.id, 'zq')).toBe(400);
  });

  /** Runs the 20 placements at once, each on its own handle on PostgreSQL (20 pools: 20 app instances). */
  async function race(bags: string[], customerId: string): Promise<PlacementReply[]> {
    const seen = await Promise.all(bags.map((id) => readBasket(t.db.kysely, id)));
    const handles = onPostgres ? bags.map(() => t.another()) : bags.map(() => t.db);
    return Promise.all(bags.map((id, i) => place(gateway(handles[i]!), id, customerId, handles[i]!, seen[i]!)));
  }

  it('one certificate applied to 20 bags of one customer and 20 concurrent placements: it is used once', async () => {
    const customer = await rewardsCustomer(t.db);
    const certificate = await certificateFor(t.db, customer.id, 1000);
    const bags: string[] = [];
    for (let i = 0; i < 20; i++) {
      const { basketId } = await readyBag(t.db, SKU);
      await applyCertificate(t.db, basketId, customer.id, certificate.number);
      bags.push(basketId);
    }
    const replies = await race(bags, customer.id);
    const confirmed = replies.filter((r) => r.result.confirmationStatus === 'confirmed');
    const withCertificate = (await t.db.kysely.selectFrom('order_tenders').select('order_id').where('certificate_id', '=', certificate.id).execute())
      .length;
    expect(withCertificate).toBe(1);
    expect(confirmed).toHaveLength(1);
    for (const r of replies.filter((x) => x.result.confirmationStatus !== 'confirmed')) expect(r.result.message).toBe(ORDER_TOTAL_CHANGED);
    expect((await certificateRow(certificate.id)).used_at).not.toBeNull();
  });

  it('rewards dollars of $50.00 across 20 concurrent placements: never spent below 0, every spend on an order', async () => {
    const customer = await rewardsCustomer(t.db, ['elq']);
    await grantRewards(t.db, customer.id, 'elq', 5000);
    const bags: string[] = [];
    for (let i = 0; i < 20; i++) {
      const { basketId } = await readyBag(t.db, SKU);
      await applyRewards(t.db, basketId, customer.id, 'zq');
      bags.push(basketId);
    }
    const replies = await race(bags, customer.id);
    const confirmed = replies.filter((r) => r.result.confirmationStatus === 'confirmed');
    const left = await rewardsAvailable(t.db.kysely, customer.id, 'zq');
    expect(left).toBeGreaterThanOrEqual(0);
    let onOrders = 0;
    for (const r of confirmed) onOrders += (await orderTendersOf(r.result.orderId!)).reduce((s, x) => s + x.amount_cents, 0);
    expect(confirmed.length).toBeGreaterThan(0);
    expect(onOrders).toBe(5000 - left);
    for (const r of replies.filter((x) => x.result.confirmationStatus !== 'confirmed')) expect(r.result.message).toBe(ORDER_TOTAL_CHANGED);
    console.info(`[reward tenders] ${onPostgres ? 'PostgreSQL' : 'SQLite'}: ${confirmed.length} of 20 placed, ${5000 - left} of 5000 cents spent`);
  });
});
