import type { Db } from '../db/database.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import { type IssuedCertificate, issueCertificate } from './certificates.ts';
import { creditRewards } from './rewards-dollars.ts';

/**
 * Rewards to try the store with by hand (`npm run rewards -- --email …`): the account becomes an active member of
 * ELQ and Dia with $25.00 of rewards dollars in each, and gets two certificates, $10.00 (earned kind) and $15.00
 * (the retailer card's kind), whose numbers are answered once. Null when no account has the e-mail.
 */
export async function giveTryOutRewards(db: Db, email: string): Promise<IssuedCertificate[] | null> {
  return withWriteTransaction(db, async (tx) => {
    const customer = await tx.selectFrom('customers').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
    if (!customer) return null;
    for (const programme of ['elq', 'dia'] as const) {
      await tx
        .insertInto('rewards_memberships')
        .values({ customer_id: customer.id, programme, is_active: 1, points: 0 })
        .onConflict((oc) => oc.columns(['customer_id', 'programme']).doUpdateSet({ is_active: 1 }))
        .execute();
      await creditRewards(tx, { customerId: customer.id, programme, cents: 2500, orderId: null });
    }
    return [
      await issueCertificate(tx, { customerId: customer.id, kind: 'FB_REWARD_CERTIFICATE', amountCents: 1000, orderId: null }),
      await issueCertificate(tx, { customerId: customer.id, kind: 'ADS_REWARD_CERTIFICATE', amountCents: 1500, orderId: null }),
    ];
  });
}
