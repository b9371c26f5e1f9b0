import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The store card's pre-screened offers (src/server/store-card-offer/, docs/decisions.md "Store card offers"):
 * `store_card_prescreens`, one row per session and bag at most (unique), so the bureau is asked once however often
 * the payment step is shown. It keeps what the bureau answered (its own reference, the offer's credit line) and what
 * the shopper did with the offer; never the applicant's name, address or phone.
 */
export const storeCardPrescreens: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('store_card_prescreens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('basket_id', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('offer', 'card-holder', 'no-offer')`))
      .addColumn('bureau_reference', 'text')
      .addColumn('credit_limit_cents', 'integer', (c) => c.check(sql`credit_limit_cents >= 0`))
      .addColumn('viewed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('declines', 'integer', (c) => c.notNull().defaultTo(0).check(sql`declines between 0 and 2`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('store_card_prescreens_once', ['session_id', 'basket_id'])
      .execute();
  },
};
