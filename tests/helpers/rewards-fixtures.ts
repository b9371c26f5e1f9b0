import { randomUUID } from 'node:crypto';
import type { Db } from '#src/server/db/database.ts';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import { createCustomer } from '#src/server/accounts/accounts.ts';
import { issueCertificate } from '#src/server/rewards/certificates.ts';
import { creditRewards } from '#src/server/rewards/rewards-dollars.ts';
import type { ProgrammeId } from '#src/lib/rewards/programmes.ts';

/** A customer enrolled as a new account is, with the brand programmes they are active members of. */
export async function rewardsCustomer(db: Db, programmes: ProgrammeId[] = []) {
  const customer = await createCustomer(db, { email: `r.${randomUUID()}@example.com`, firstName: 'Rae', lastName: 'Wards', password: null });
  for (const programme of programmes.filter((p) => p !== 'fbb')) {
    await db.kysely.insertInto('rewards_memberships').values({ customer_id: customer.id, programme, is_active: 1, points: 0 }).execute();
  }
  return customer;
}

/** A certificate issued to the customer; its number, as the mail would carry it. */
export const certificateFor = (db: Db, customerId: string, amountCents = 1000, now = new Date()) =>
  withWriteTransaction(db, (tx) => issueCertificate(tx, { customerId, kind: 'ADS_REWARD_CERTIFICATE', amountCents, orderId: null }, now));

/** Rewards dollars granted to the customer in a brand programme. */
export const grantRewards = (db: Db, customerId: string, programme: 'elq' | 'dia', cents: number) =>
  withWriteTransaction(db, (tx) => creditRewards(tx, { customerId, programme, cents, orderId: null }));

/** An order row for earning to refer to, as the commit writes it before earning runs. */
export async function orderRow(db: Db, customerId: string | null, email: string): Promise<string> {
  const id = randomUUID();
  await db.kysely
    .insertInto('orders')
    .values({
      id,
      order_no: `8-${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}-${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`,
      customer_id: customerId,
      email,
      status: 'confirmed',
      total_cents: 0,
      placed_at: new Date().toISOString(),
    })
    .execute();
  return id;
}
