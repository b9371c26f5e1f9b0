import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The wallet's embedded merchant validator (src/server/wallet/embedded-validator.ts): each merchant session it
 * issues, with when it expires and when a payment used it. In the database so every app instance refuses a session
 * another instance already used; the use is one conditional UPDATE, so of concurrent uses one wins.
 */
export const walletMerchantSessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('wallet_merchant_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('domain_name', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('wallet_merchant_sessions').execute();
  },
};
