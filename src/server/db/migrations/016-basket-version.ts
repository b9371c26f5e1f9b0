import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A bag's version: a number on its row raised by every write to the bag, its lines, its codes or its checkout
 * choices, in the same transaction. A bag read on any instance can then tell, with one small query, whether the
 * priced bag it kept is still the bag (src/server/bag/basket-reply-cache.ts). Triggers rather than calls in code:
 * a dozen write paths touch these tables (adds, edits, merges at sign-in, free-gift pruning, checkout steps,
 * placement), and one of them forgetting to raise the number would show a shopper a stale bag.
 *
 * Free-gift promotions also raise the catalog's version now, as promotions do (migration 014): a bag shows the
 * offers, and products and their pages may show the callouts.
 */
const BASKET_TABLES = ['basket_items', 'basket_coupons', 'basket_checkout'] as const;
/** Every column of baskets but `version` itself. */
const BASKET_COLUMNS = 'currency, shipping_method_id, shipping_state_code, status, placing_attempt_id, last_added_item_id, created_at, updated_at';
const BONUS_TABLES = ['bonus_promotions', 'bonus_promotion_products'] as const;

export const basketVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('baskets')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`
        create function raise_basket_version() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then
            update baskets set version = version + 1 where id = old.basket_id;
          end if;
          if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.basket_id is distinct from old.basket_id) then
            update baskets set version = version + 1 where id = new.basket_id;
          end if;
          return null;
        end $$`.execute(db);
      for (const table of BASKET_TABLES) {
        await sql`
          create trigger ${sql.raw(`${table}_raise_basket_version`)} after insert or update or delete on ${sql.table(table)}
          for each row execute function raise_basket_version()`.execute(db);
      }
      // The bag's own row: any change but one to the version itself (which is how the triggers above raise it).
      await sql`
        create function raise_own_basket_version() returns trigger language plpgsql as $$
        begin
          new.version := old.version + 1;
          return new;
        end $$`.execute(db);
      await sql`
        create trigger baskets_raise_version before update on baskets
        for each row when (old.version = new.version) execute function raise_own_basket_version()`.execute(db);
      for (const table of BONUS_TABLES) {
        await sql`
          create trigger ${sql.raw(`${table}_raise_catalog_version`)} after insert or update or delete on ${sql.table(table)}
          for each statement execute function raise_catalog_version()`.execute(db);
      }
      return;
    }
    const raise = (ref: 'new' | 'old') => sql.raw(`update baskets set version = version + 1 where id = ${ref}.basket_id;`);
    for (const table of BASKET_TABLES) {
      await sql`
        create trigger ${sql.raw(`${table}_insert_raises_basket_version`)} after insert on ${sql.table(table)}
        begin ${raise('new')} end`.execute(db);
      await sql`
        create trigger ${sql.raw(`${table}_update_raises_basket_version`)} after update on ${sql.table(table)}
        begin ${raise('old')} update baskets set version = version + 1 where id = new.basket_id and new.basket_id is not old.basket_id; end`.execute(
        db,
      );
      await sql`
        create trigger ${sql.raw(`${table}_delete_raises_basket_version`)} after delete on ${sql.table(table)}
        begin ${raise('old')} end`.execute(db);
    }
    // Only for a change to another column: the triggers above write `version` alone, so they never start this one.
    await sql`
      create trigger baskets_update_raises_version after update of ${sql.raw(BASKET_COLUMNS)} on baskets
      begin update baskets set version = version + 1 where id = new.id; end`.execute(db);
    for (const table of BONUS_TABLES) {
      for (const event of ['insert', 'update', 'delete'] as const) {
        await sql`
          create trigger ${sql.raw(`${table}_${event}_raises_catalog_version`)} after ${sql.raw(event)} on ${sql.table(table)}
          begin
            update catalog_state set version = version + 1, changed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where id = 1;
          end`.execute(db);
      }
    }
  },
};
