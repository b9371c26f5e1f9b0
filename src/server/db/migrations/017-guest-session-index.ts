import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Sessions by customer (signing a customer out everywhere) only ever look up a customer id, never a guest's NULL, yet
 * every guest session was indexed under NULL: one more index page written in each new guest's first add to bag, the
 * most frequent write a shopper makes. The index now holds signed-in sessions only; `customer_id = ?` still uses it on
 * both databases.
 */
export const guestSessionIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('sessions_customer_idx').execute();
    await db.schema.createIndex('sessions_customer_idx').on('sessions').column('customer_id').where(sql.ref('customer_id'), 'is not', null).execute();
  },
};
