import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Tenders (src/server/tenders/): payment instruments other than the card.
 * - `bag_tenders`: one row per instrument applied to an open bag, its id the spec's paymentInstrumentId, its method
 *   one of the spec's payment method ids, the gift card it draws on (null for the reward kinds to come, which will
 *   add their own reference), the number as the shopper sees it (last four only) and the order it was applied in.
 *   A card is on a bag at most once. Every write raises the bag's version (migration 016), as its codes do.
 * - `order_tenders`: what each tender paid of a placed order, as the confirmation and e-mail show it.
 * What a gift card holds is not copied here: the bag is priced from the card's ledger, and the bag's stamp reads the
 * ledger of its cards (src/server/commerce/basket-stamp.ts).
 */
const METHODS = sql`method in ('FB_REWARD_CERTIFICATE', 'ADS_REWARD_CERTIFICATE', 'FB_REWARD_DOLLAR', 'DIA_REWARDS', 'SVS_GIFT_CARD')`;

export const tenders: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('bag_tenders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('basket_id', 'text', (c) => c.notNull().references('baskets.id').onDelete('cascade'))
      .addColumn('method', 'text', (c) => c.notNull().check(METHODS))
      .addColumn('gift_card_id', 'text', (c) => c.references('gift_cards.id'))
      .addColumn('masked_number', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addCheckConstraint('bag_tenders_gift_card', sql`(method = 'SVS_GIFT_CARD') = (gift_card_id is not null)`)
      .addUniqueConstraint('bag_tenders_card_once', ['basket_id', 'gift_card_id'])
      .execute();
    await db.schema.createIndex('bag_tenders_card_idx').on('bag_tenders').column('gift_card_id').execute();
    await db.schema
      .createTable('order_tenders')
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull().check(METHODS))
      .addColumn('gift_card_id', 'text', (c) => c.references('gift_cards.id'))
      .addColumn('masked_number', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
      .addPrimaryKeyConstraint('order_tenders_pkey', ['order_id', 'position'])
      .execute();

    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`
        create trigger bag_tenders_raise_basket_version after insert or update or delete on bag_tenders
        for each row execute function raise_basket_version()`.execute(db);
      return;
    }
    await sql`
      create trigger bag_tenders_insert_raises_basket_version after insert on bag_tenders
      begin update baskets set version = version + 1 where id = new.basket_id; end`.execute(db);
    await sql`
      create trigger bag_tenders_update_raises_basket_version after update on bag_tenders
      begin
        update baskets set version = version + 1 where id = old.basket_id;
        update baskets set version = version + 1 where id = new.basket_id and new.basket_id is not old.basket_id;
      end`.execute(db);
    await sql`
      create trigger bag_tenders_delete_raises_basket_version after delete on bag_tenders
      begin update baskets set version = version + 1 where id = old.basket_id; end`.execute(db);
  },
};
