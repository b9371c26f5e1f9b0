import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A promotion's row written in any way (created, edited, ended, deleted, its products changed) raises the catalog's
 * version (migration 013) in the same transaction, so every instance's page cache renders the pages it prices again
 * (src/server/http/page-cache.ts). Triggers rather than calls in code: promotions have no write path in the store
 * yet (the seed, tests and a merchandiser's SQL write them), and the tables are small, so a row trigger costs
 * nothing that matters. Products, variants and stock have none: the catalog import raises the version once per
 * import, and stock taken by orders must not raise it. The trigger syntax differs, so this is the one migration that
 * asks which database it runs on.
 */
const TABLES = ['promotions', 'promotion_products'] as const;

export const promotionVersion: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`
        create function raise_catalog_version() returns trigger language plpgsql as $$
        begin
          update catalog_state set version = version + 1,
            changed_at = to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') where id = 1;
          return null;
        end $$`.execute(db);
      for (const table of TABLES) {
        await sql`
          create trigger ${sql.raw(`${table}_raise_catalog_version`)} after insert or update or delete on ${sql.table(table)}
          for each statement execute function raise_catalog_version()`.execute(db);
      }
      return;
    }
    for (const table of TABLES) {
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
