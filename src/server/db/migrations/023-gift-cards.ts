import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Gift cards the store issues (src/server/gift-cards/):
 * - `gift_cards`: one row per card, found by a keyed hash of its number (HMAC-SHA-256 with GIFT_CARD_KEY); the PIN
 *   is kept as a keyed hash too, the number's last four for display. The order line and unit that bought it are
 *   unique, so a placement committed twice issues once.
 * - `gift_card_ledger`: what a card holds is the sum of its rows: an issue (+), debits (-) and reversals (+). A debit
 *   and a reversal carry the placement attempt that made them, unique per attempt, card and kind, so each happens
 *   once per attempt however often the placement runs.
 * - `gift_card_failures`: wrong PINs counted per card number and per client, one row per key, deleted by the sweeper
 *   once its window and lock have both ended.
 */
export const giftCards: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('gift_cards')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('number_hash', 'text', (c) => c.notNull().unique())
      .addColumn('last4', 'text', (c) => c.notNull())
      .addColumn('pin_hash', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('physical', 'e')`))
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('line_position', 'integer', (c) => c.notNull())
      .addColumn('unit', 'integer', (c) => c.notNull().check(sql`unit >= 0`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('gift_cards_line_unit_key', ['order_id', 'line_position', 'unit'])
      .execute();
    await db.schema
      .createTable('gift_card_ledger')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('card_id', 'text', (c) => c.notNull().references('gift_cards.id'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('issue', 'debit', 'reversal')`))
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('attempt_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addCheckConstraint(
        'gift_card_ledger_sign',
        sql`(kind = 'debit' and amount_cents < 0 and attempt_id is not null)
          or (kind = 'reversal' and amount_cents > 0 and attempt_id is not null)
          or (kind = 'issue' and amount_cents > 0)`,
      )
      .addUniqueConstraint('gift_card_ledger_once', ['card_id', 'attempt_id', 'kind'])
      .execute();
    await db.schema.createIndex('gift_card_ledger_attempt_idx').on('gift_card_ledger').column('attempt_id').execute();
    await db.schema
      .createTable('gift_card_failures')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull().check(sql`failures >= 0`))
      .addColumn('window_until', 'text', (c) => c.notNull())
      .addColumn('locked_until', 'text')
      .execute();
    await db.schema.createIndex('gift_card_failures_window_idx').on('gift_card_failures').column('window_until').execute();
  },
};
