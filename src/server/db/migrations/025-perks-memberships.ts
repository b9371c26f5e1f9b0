import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The perks membership as data (src/server/perks/):
 * - `perks_memberships`: one row per customer and programme (the brand that runs it), member until `ends_at`.
 * - `perks_membership_orders`: the order that granted or extended a membership, one row per order and programme:
 *   the order's commit inserts it first and extends the membership only when the insert took, so an order makes
 *   its customer a member once however often its commit runs.
 */
export const perksMemberships: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('perks_memberships')
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('programme', 'text', (c) => c.notNull())
      .addColumn('ends_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('perks_memberships_pkey', ['customer_id', 'programme'])
      .execute();
    await db.schema
      .createTable('perks_membership_orders')
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('programme', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('ends_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('perks_membership_orders_pkey', ['order_id', 'programme'])
      .execute();
  },
};
