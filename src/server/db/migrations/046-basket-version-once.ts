import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A bag's version (migration 016) is raised once per transaction on PostgreSQL, not once per row it writes: a row
 * of the bag's own table that this transaction has already made (a first add's new bag) or updated (its version
 * raised by this transaction) needs no second raise, since nothing outside the transaction sees either until it
 * commits. A guest's first add wrote its bag, then updated it at once from its line's trigger: a second row version
 * and its WAL for nothing. A row written inside a savepoint carries the savepoint's transaction id, not the
 * top-level one, and is raised again, which is only one raise too many. SQLite's triggers are unchanged: its writes
 * never leave the process.
 */
export const basketVersionOnce: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql`
      create or replace function raise_basket_version() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          update baskets set version = version + 1 where id = old.basket_id and not (xmin = pg_current_xact_id()::xid);
        end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.basket_id is distinct from old.basket_id) then
          update baskets set version = version + 1 where id = new.basket_id and not (xmin = pg_current_xact_id()::xid);
        end if;
        return null;
      end $$`.execute(db);
  },
};
