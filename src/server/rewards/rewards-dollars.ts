import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type BrandProgrammeId, programmeOfRewardBrand } from '#src/lib/rewards/programmes.ts';
import type { Tx } from '../db/transaction.ts';

/**
 * A brand programme's rewards dollars (ELQ, rewardBrand zq; Dia, rewardBrand dia): the balance is the sum of the
 * customer's ledger rows in that programme. Rows are only ever added: an order's points earn (+), a placement attempt
 * spends (-), a failed one's spend is reversed (+). Spends and reversals run in the placement's transaction, at most
 * once per attempt (a unique key), and only an active member has a balance to spend.
 */

const programmeOf = (rewardBrand: string): BrandProgrammeId => {
  const programme = programmeOfRewardBrand(rewardBrand);
  if (!programme) throw new RangeError('No rewards programme has that rewardBrand.');
  return programme;
};

async function ledgerSum(tx: Tx, customerId: string, programme: BrandProgrammeId): Promise<number> {
  const row = await tx
    .selectFrom('rewards_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('total'))
    .where('customer_id', '=', customerId)
    .where('programme', '=', programme)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function isActive(tx: Tx, customerId: string, programme: BrandProgrammeId): Promise<boolean> {
  const row = await tx
    .selectFrom('rewards_memberships')
    .select('is_active')
    .where('customer_id', '=', customerId)
    .where('programme', '=', programme)
    .executeTakeFirst();
  return row?.is_active === 1;
}

/**
 * Takes the membership's row lock for the rest of the transaction (as the gift card ledger locks its card): on
 * PostgreSQL a second spend of the same balance waits until this transaction ends, then reads the ledger it left;
 * SQLite's immediate transaction already keeps every other writer out. False when there is no membership.
 */
export async function lockMembership(tx: Tx, customerId: string, programme: string): Promise<boolean> {
  const result = await sql`update rewards_memberships set points = points where customer_id = ${customerId} and programme = ${programme}`.execute(tx);
  return Number(result.numAffectedRows ?? 0n) === 1;
}

/** The rewards dollars the customer can spend in the programme now, in cents: 0 unless an active member. */
export async function rewardsAvailable(tx: Tx, customerId: string, rewardBrand: string): Promise<number> {
  const programme = programmeOf(rewardBrand);
  if (!(await isActive(tx, customerId, programme))) return 0;
  return Math.max(0, await ledgerSum(tx, customerId, programme));
}

/**
 * Spends up to `cents` of the programme's rewards dollars for the attempt, never more than the balance; returns the
 * cents spent. The same attempt again answers what it spent the first time, and 0 once that spend was released.
 */
export async function spendRewards(
  tx: Tx,
  customerId: string,
  rewardBrand: string,
  attemptId: string,
  cents: number,
  now = new Date(),
): Promise<number> {
  if (!Number.isInteger(cents) || cents <= 0) throw new RangeError('A rewards spend is a positive whole number of cents.');
  const programme = programmeOf(rewardBrand);
  if (!(await lockMembership(tx, customerId, programme))) return 0;
  const earlier = await tx
    .selectFrom('rewards_ledger')
    .select(['kind', 'amount_cents'])
    .where('customer_id', '=', customerId)
    .where('programme', '=', programme)
    .where('attempt_id', '=', attemptId)
    .execute();
  if (earlier.some((r) => r.kind === 'reversal')) return 0;
  const done = earlier.find((r) => r.kind === 'spend');
  if (done) return -done.amount_cents;
  const taken = Math.min(cents, await rewardsAvailable(tx, customerId, rewardBrand));
  if (taken <= 0) return 0;
  await tx
    .insertInto('rewards_ledger')
    .values({
      id: randomUUID(),
      customer_id: customerId,
      programme,
      kind: 'spend',
      amount_cents: -taken,
      order_id: null,
      attempt_id: attemptId,
      created_at: now.toISOString(),
    })
    .execute();
  return taken;
}

/** Gives back every spend the attempt made; returns the cents this call gave back. Running it again gives back nothing. */
export async function releaseRewards(tx: Tx, attemptId: string, now = new Date()): Promise<number> {
  const spends = await tx
    .selectFrom('rewards_ledger')
    .select(['customer_id', 'programme', 'amount_cents'])
    .where('attempt_id', '=', attemptId)
    .where('kind', '=', 'spend')
    .orderBy('customer_id')
    .orderBy('programme')
    .execute();
  let returned = 0;
  // Memberships are locked in one order, as every path that locks several does, so two releases cannot deadlock.
  for (const s of spends) {
    await lockMembership(tx, s.customer_id, s.programme);
    const added = await tx
      .insertInto('rewards_ledger')
      .values({
        id: randomUUID(),
        customer_id: s.customer_id,
        programme: s.programme,
        kind: 'reversal',
        amount_cents: -s.amount_cents,
        order_id: null,
        attempt_id: attemptId,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['customer_id', 'programme', 'attempt_id', 'kind']).doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0n) === 1) returned -= s.amount_cents;
  }
  return returned;
}

/** Adds rewards dollars to the programme's balance: an order's points (once per order), or a grant (no order). */
export async function creditRewards(
  tx: Tx,
  to: { customerId: string; programme: BrandProgrammeId; cents: number; orderId: string | null },
  now = new Date(),
): Promise<void> {
  await tx
    .insertInto('rewards_ledger')
    .values({
      id: randomUUID(),
      customer_id: to.customerId,
      programme: to.programme,
      kind: 'earn',
      amount_cents: to.cents,
      order_id: to.orderId,
      attempt_id: null,
      created_at: now.toISOString(),
    })
    .execute();
}
