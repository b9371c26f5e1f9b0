import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Accounts: customers, reset tokens, the mail outbox, throttling counters, social identities, OIDC storage. */
export const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('customers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('basket_id', 'text', (c) => c.references('baskets.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .alterTable('sessions')
      .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('sessions_customer_idx').on('sessions').column('customer_id').execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();

    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('outbox_to_idx').on('outbox').columns(['to_address', 'created_at']).execute();

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('social_identities')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('social_identities_pk', ['provider', 'subject'])
      .execute();

    // One row per social sign-in under way: state (also in an HttpOnly cookie), PKCE verifier and nonce.
    await db.schema
      .createTable('social_logins')
      .addColumn('state', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('oidc_payloads')
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('user_code', 'text')
      .addColumn('uid', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('consumed_at', 'text')
      .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
      .execute();
    await db.schema.createIndex('oidc_payloads_grant_idx').on('oidc_payloads').column('grant_id').execute();
    await db.schema.createIndex('oidc_payloads_uid_idx').on('oidc_payloads').column('uid').execute();

    await db.schema
      .createTable('orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_no', 'text', (c) => c.notNull().unique())
      .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('total_cents', 'integer', (c) => c.notNull().check(sql`total_cents >= 0`))
      .addColumn('placed_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('orders_customer_idx').on('orders').column('customer_id').execute();
  },
};
