import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Reward tenders on bags (src/server/tenders/reward-tenders.ts): a reward certificate and a brand programme's rewards
 * dollars are payment instruments like a gift card, with their own reference.
 * - `customer_id`: the account that applied it; only that account's placement may spend it.
 * - `certificate_id`: the certificate a FB_REWARD_CERTIFICATE or ADS_REWARD_CERTIFICATE tender draws on.
 * - `programme`: the brand programme (elq, dia) whose rewards dollars a FB_REWARD_DOLLAR or DIA_REWARDS tender spends.
 * A certificate is on a bag at most once, a programme's rewards at most once. What each holds is not copied here: the
 * bag is priced from the certificate row and the rewards ledger, and the bag's stamp reads both. SQLite cannot add a
 * CHECK to a table that exists, so the one writer (reward-tenders.ts) sets exactly the reference its method needs.
 */
export const rewardTenders: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('bag_tenders')
      .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
      .execute();
    await db.schema
      .alterTable('bag_tenders')
      .addColumn('certificate_id', 'text', (c) => c.references('reward_certificates.id'))
      .execute();
    await db.schema.alterTable('bag_tenders').addColumn('programme', 'text').execute();
    await db.schema.createIndex('bag_tenders_certificate_once').unique().on('bag_tenders').columns(['basket_id', 'certificate_id']).execute();
    await db.schema.createIndex('bag_tenders_programme_once').unique().on('bag_tenders').columns(['basket_id', 'programme']).execute();
    await db.schema.createIndex('bag_tenders_certificate_idx').on('bag_tenders').column('certificate_id').execute();
    await db.schema
      .alterTable('order_tenders')
      .addColumn('certificate_id', 'text', (c) => c.references('reward_certificates.id'))
      .execute();
  },
};
