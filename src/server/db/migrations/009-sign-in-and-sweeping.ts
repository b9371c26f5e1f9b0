import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * - `rate_limits.pending` / `pending_until`: sign-in attempts under way for a key (their password still being
 *   checked), so a burst sent at once cannot run past the limit (src/server/http/throttle.ts). An in-flight
 *   mark lapses at `pending_until`, so a crashed instance cannot hold a slot.
 * - `app_secrets`: server secrets made once and shared by every instance (the device-cookie key).
 * - Indexes the sweeper's queries use (src/server/maintenance/sweep.ts): expiries, and the references that keep a
 *   guest bag alive.
 */
export const signInAndSweeping: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('rate_limits')
      .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('rate_limits').addColumn('pending_until', 'text').execute();
    await db.schema
      .createTable('app_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_reset_idx').on('rate_limits').column('reset_at').execute();
    await db.schema.createIndex('sessions_basket_idx').on('sessions').column('basket_id').execute();
    await db.schema.createIndex('customers_basket_idx').on('customers').column('basket_id').execute();
    await db.schema.createIndex('baskets_status_updated_idx').on('baskets').columns(['status', 'updated_at']).execute();
    await db.schema.createIndex('password_resets_expires_idx').on('password_resets').column('expires_at').execute();
    await db.schema.createIndex('social_logins_expires_idx').on('social_logins').column('expires_at').execute();
    await db.schema.createIndex('oidc_payloads_expires_idx').on('oidc_payloads').column('expires_at').execute();
  },
};
