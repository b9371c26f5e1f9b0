import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `order_tenders.balance_left_cents`: what a gift card held once it had paid its part of the order, read in the
 * placement's transaction, so that the confirmation, its e-mail and the order's page say the balance the order left
 * (a later order's debit does not change what this one says). Null for certificates and rewards, and for orders
 * placed before it was kept.
 */
export const orderTenderBalances: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('order_tenders').addColumn('balance_left_cents', 'integer').execute();
  },
};
