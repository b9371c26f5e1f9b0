import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_INVALID } from '#src/lib/promo-code.ts';
import type { ProgrammeId } from '#src/lib/rewards/programmes.ts';
import type { Db } from '#src/server/db/database.ts';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import { findCertificate, releaseCertificate, useCertificate } from '#src/server/rewards/certificates.ts';
import { earnForOrder, type EarningOrder } from '#src/server/rewards/earn.ts';
import { releaseRewards, rewardsAvailable, spendRewards } from '#src/server/rewards/rewards-dollars.ts';
import { programmeStanding, rewardsFor } from '#src/server/rewards/rewards-record.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { openedMail } from '../helpers/opened-mail.ts';
import { certificateFor, grantRewards, orderRow, rewardsCustomer } from '../helpers/rewards-fixtures.ts';

/**
 * Rewards programmes: a certificate is used once however many placements try it, a rewards balance never pays out
 * more than it holds, releases give back once, an order earns once, and crossing the threshold issues and mails one
 * certificate. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
const onPostgres = !!process.env.DATABASE_URL;
let fbProduct: string;
let jlProduct: string;
let giftCardProduct: string;
beforeAll(async () => {
  t = await freshDb();
  const first = async (brand: string | null, type: number) => {
    let q = t.db.kysely.selectFrom('products').select('id').where('product_type', '=', type);
    if (brand) q = q.where('brand_code', '=', brand);
    return (await q.orderBy('id').executeTakeFirstOrThrow()).id;
  };
  fbProduct = await first('fb', 1);
  jlProduct = await first('jl', 1);
  giftCardProduct = await first(null, 2);
});
afterAll(() => t.cleanup());

const inTx = <T>(work: Parameters<typeof withWriteTransaction<T>>[1], db: Db = t.db) => withWriteTransaction(db, work);
const refusalOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: Error) => err.message,
  );

describe(`reward certificates (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('one certificate tried by 20 concurrent attempts is used by exactly one', async () => {
    const customer = await rewardsCustomer(t.db);
    const cert = await certificateFor(t.db, customer.id);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => refusalOf(inTx((tx) => useCertificate(tx, cert.id, `race-${cert.id}-${i}`)))),
    );
    expect(outcomes.filter((o) => o === null)).toHaveLength(1);
    expect(outcomes.filter((o) => o === CERTIFICATE_INVALID)).toHaveLength(19);
  });

  describe.runIf(onPostgres)('on PostgreSQL, where each app instance has a connection pool of its own', () => {
    it('20 attempts through 20 separate pools use one certificate once', async () => {
      const customer = await rewardsCustomer(t.db);
      const cert = await certificateFor(t.db, customer.id);
      const handles = Array.from({ length: 20 }, () => t.another());
      const outcomes = await Promise.all(handles.map((h, i) => refusalOf(inTx((tx) => useCertificate(tx, cert.id, `pools-${i}`), h))));
      expect(outcomes.filter((o) => o === null)).toHaveLength(1);
    });
  });

  it('the attempt that used a certificate is answered again; another attempt is refused', async () => {
    const customer = await rewardsCustomer(t.db);
    const cert = await certificateFor(t.db, customer.id, 1500);
    expect((await inTx((tx) => useCertificate(tx, cert.id, 'first'))).amountCents).toBe(1500);
    expect((await inTx((tx) => useCertificate(tx, cert.id, 'first'))).amountCents).toBe(1500);
    expect(await refusalOf(inTx((tx) => useCertificate(tx, cert.id, 'second')))).toBe(CERTIFICATE_INVALID);
  });

  it('releasing gives a certificate back once, however often it runs', async () => {
    const customer = await rewardsCustomer(t.db);
    const cert = await certificateFor(t.db, customer.id);
    await inTx((tx) => useCertificate(tx, cert.id, 'failed'));
    expect(await inTx((tx) => releaseCertificate(tx, 'failed'))).toBe(1);
    expect(await inTx((tx) => releaseCertificate(tx, 'failed'))).toBe(0);
    expect((await inTx((tx) => findCertificate(tx, customer.id, cert.number))).id).toBe(cert.id);
  });

  it("finds the customer's own certificate, typed with spaces or in lower case", async () => {
    const customer = await rewardsCustomer(t.db);
    const cert = await certificateFor(t.db, customer.id);
    const typed = `${cert.number.slice(0, 5).toLowerCase()} ${cert.number.slice(5)}`;
    expect(await inTx((tx) => findCertificate(tx, customer.id, typed))).toMatchObject({ id: cert.id, last4: cert.number.slice(-4) });
  });

  it("answers someone else's, an expired, a used and an unknown certificate with the same refusal", async () => {
    const owner = await rewardsCustomer(t.db);
    const other = await rewardsCustomer(t.db);
    const theirs = await certificateFor(t.db, owner.id);
    const expired = await certificateFor(t.db, other.id, 1000, new Date(Date.now() - 61 * 86_400_000));
    const used = await certificateFor(t.db, other.id);
    await inTx((tx) => useCertificate(tx, used.id, 'placed'));
    const find = (number: string) => refusalOf(inTx((tx) => findCertificate(tx, other.id, number)));
    const answers = await Promise.all([find(theirs.number), find(expired.number), find(used.number), find('X123456789ABCDEFGHJ'), find('X12')]);
    expect(answers).toEqual(Array(5).fill(CERTIFICATE_INVALID));
  });

  it('stores only a hash of the number and its last four', async () => {
    const customer = await rewardsCustomer(t.db);
    const cert = await certificateFor(t.db, customer.id);
    expect(cert.number).toMatch(/^X[0-9A-Z]{18}$/);
    const row = await t.db.kysely.selectFrom('reward_certificates').selectAll().where('id', '=', cert.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(cert.number);
    expect(row.last4).toBe(cert.number.slice(-4));
  });
});

describe('rewards dollars', () => {
  it('20 concurrent $5.00 spends of a $50.00 balance take $50.00 and never go below zero', async () => {
    const customer = await rewardsCustomer(t.db, ['elq']);
    await grantRewards(t.db, customer.id, 'elq', 5000);
    const taken = await Promise.all(
      Array.from({ length: 20 }, (_, i) => inTx((tx) => spendRewards(tx, customer.id, 'zq', `spend-${customer.id}-${i}`, 500))),
    );
    expect(taken.reduce((s, n) => s + n, 0)).toBe(5000);
    expect(await rewardsAvailable(t.db.kysely, customer.id, 'zq')).toBe(0);
  });

  it('a spend takes at most the balance, once per attempt; releasing gives it back once', async () => {
    const customer = await rewardsCustomer(t.db, ['dia']);
    await grantRewards(t.db, customer.id, 'dia', 1200);
    expect(await inTx((tx) => spendRewards(tx, customer.id, 'dia', 'a1', 5000))).toBe(1200);
    expect(await inTx((tx) => spendRewards(tx, customer.id, 'dia', 'a1', 5000))).toBe(1200);
    expect(await inTx((tx) => releaseRewards(tx, 'a1'))).toBe(1200);
    expect(await inTx((tx) => releaseRewards(tx, 'a1'))).toBe(0);
    expect(await inTx((tx) => spendRewards(tx, customer.id, 'dia', 'a1', 100))).toBe(0);
    expect(await rewardsAvailable(t.db.kysely, customer.id, 'dia')).toBe(1200);
  });

  it('are not spendable by someone who is not an active member', async () => {
    const customer = await rewardsCustomer(t.db);
    await grantRewards(t.db, customer.id, 'elq', 1000);
    expect(await rewardsAvailable(t.db.kysely, customer.id, 'zq')).toBe(0);
    expect(await inTx((tx) => spendRewards(tx, customer.id, 'zq', 'not-a-member', 500))).toBe(0);
  });
});

describe('earning', () => {
  const order = async (customer: { id: string; email: string } | null, lines: EarningOrder['lines'], discountCents = 0): Promise<EarningOrder> => ({
    id: await orderRow(t.db, customer?.id ?? null, customer?.email ?? 'guest@example.com'),
    customerId: customer?.id ?? null,
    email: customer?.email ?? 'guest@example.com',
    lines,
    discountCents,
  });
  const membership = (customerId: string, programme: ProgrammeId) =>
    t.db.kysely
      .selectFrom('rewards_memberships')
      .select('points')
      .where('customer_id', '=', customerId)
      .where('programme', '=', programme)
      .executeTakeFirst();

  it('earns one point per whole dollar of merchandise after discounts, in each programme the customer belongs to; once per order', async () => {
    const customer = await rewardsCustomer(t.db, ['elq']);
    const placed = await order(
      customer,
      [
        { productId: fbProduct, lineTotal: 6050 },
        { productId: jlProduct, lineTotal: 4000 },
        { productId: giftCardProduct, lineTotal: 5000 },
      ],
      1000,
    );
    await inTx((tx) => earnForOrder(tx, placed));
    await inTx((tx) => earnForOrder(tx, placed));
    expect((await membership(customer.id, 'fbb'))?.points).toBe(90);
    expect((await membership(customer.id, 'elq'))?.points).toBe(54);
    expect(await membership(customer.id, 'dia')).toBeUndefined();
    const record = await rewardsFor(t.db, customer.id);
    expect(record?.record).toMatchObject({ totalRewardsPoints: 90, rewardPointsThreshold: 500, isActiveFBBRewardsMember: true });
  });

  it('crossing the threshold issues one $10 certificate, mails its number, and carries the rest of the points', async () => {
    const customer = await rewardsCustomer(t.db);
    await t.db.kysely.updateTable('rewards_memberships').set({ points: 450 }).where('customer_id', '=', customer.id).execute();
    const placed = await order(customer, [{ productId: fbProduct, lineTotal: 12000 }]);
    await inTx((tx) => earnForOrder(tx, placed));
    await inTx((tx) => earnForOrder(tx, placed));
    expect((await membership(customer.id, 'fbb'))?.points).toBe(70);
    const certificates = await t.db.kysely.selectFrom('reward_certificates').selectAll().where('customer_id', '=', customer.id).execute();
    expect(certificates.map((c) => [c.amount_cents, c.kind])).toEqual([[1000, 'FB_REWARD_CERTIFICATE']]);
    const mails = await openedMail(t.db, customer.email);
    expect(mails).toHaveLength(1);
    const number = /Certificate (X[0-9A-Z]{18}): \$10\.00/.exec(mails[0]!.text_body)?.[1];
    expect((await inTx((tx) => findCertificate(tx, customer.id, number ?? ''))).id).toBe(certificates[0]!.id);
    expect((await rewardsFor(t.db, customer.id))?.record.totalCertificateAmount).toBe(1000);
  });

  it('turns a brand programme’s threshold into rewards dollars', async () => {
    const customer = await rewardsCustomer(t.db, ['dia']);
    const placed = await order(customer, [{ productId: jlProduct, lineTotal: 100_000 }]);
    await inTx((tx) => earnForOrder(tx, placed));
    expect(await rewardsAvailable(t.db.kysely, customer.id, 'dia')).toBe(2000);
    expect((await membership(customer.id, 'dia'))?.points).toBe(0);
  });

  it("earns nothing on a guest's order", async () => {
    const placed = await order(null, [{ productId: fbProduct, lineTotal: 100_000 }]);
    expect(await inTx((tx) => earnForOrder(tx, placed))).toEqual([]);
    expect(await t.db.kysely.selectFrom('rewards_earnings').selectAll().where('order_id', '=', placed.id).execute()).toEqual([]);
  });
});

describe('the rewards record’s memberships', () => {
  it('says which brand programmes the customer is an active member of (ELQ and Dia, each on its own)', async () => {
    const dia = await rewardsCustomer(t.db, ['dia']);
    expect((await rewardsFor(t.db, dia.id))?.record).toMatchObject({ isActiveFBBRewardsMember: false, isActiveDiaRewardsMember: true });
    const elq = await rewardsCustomer(t.db, ['elq']);
    expect((await rewardsFor(t.db, elq.id))?.record).toMatchObject({ isActiveFBBRewardsMember: true, isActiveDiaRewardsMember: false });
    await t.db.kysely.updateTable('rewards_memberships').set({ is_active: 0 }).where('customer_id', '=', dia.id).execute();
    expect((await rewardsFor(t.db, dia.id))?.record.isActiveDiaRewardsMember).toBe(false);
  });
});

describe('a brand programme’s rewards page', () => {
  it('reads that programme’s own points and rewards dollars, not the retailer’s nor the other programme’s', async () => {
    const c = await rewardsCustomer(t.db, ['elq', 'dia']);
    const points = (programme: ProgrammeId, n: number) =>
      t.db.kysely.updateTable('rewards_memberships').set({ points: n }).where('customer_id', '=', c.id).where('programme', '=', programme).execute();
    await points('fbb', 320);
    await points('elq', 180);
    await points('dia', 45);
    await grantRewards(t.db, c.id, 'elq', 1500);
    await grantRewards(t.db, c.id, 'dia', 1000);
    expect(await programmeStanding(t.db, c.id, 'elq')).toEqual({ points: 180, threshold: 500, rewardsDollarsCents: 1500 });
    expect(await programmeStanding(t.db, c.id, 'dia')).toEqual({ points: 45, threshold: 500, rewardsDollarsCents: 1000 });
    // Not a member, or no longer an active one: no standing to show.
    const other = await rewardsCustomer(t.db, ['elq']);
    expect(await programmeStanding(t.db, other.id, 'dia')).toBeNull();
    await t.db.kysely
      .updateTable('rewards_memberships')
      .set({ is_active: 0 })
      .where('customer_id', '=', other.id)
      .where('programme', '=', 'elq')
      .execute();
    expect(await programmeStanding(t.db, other.id, 'elq')).toBeNull();
  });
});
