import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Applications for the store card from a pre-screened offer: `store_card_applications`, one per offer (its primary
 * key), claimed before the issuer is asked so a second submit waits for, or reads, the first one's result instead of
 * applying twice. `result` is null while the issuer is being asked; an approval names the account it opened
 * (store_card_accounts). Nothing the applicant typed is kept.
 */
export const storeCardApplications: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('store_card_applications')
      .addColumn('prescreen_id', 'text', (c) => c.primaryKey().references('store_card_prescreens.id').onDelete('cascade'))
      .addColumn('result', 'text', (c) => c.check(sql`result in ('APPROVED', 'PENDING', 'DECLINED', 'ACCOUNT_EXISTS', 'ERROR')`))
      .addColumn('account_id', 'text', (c) => c.references('store_card_accounts.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
