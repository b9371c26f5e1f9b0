import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Brands, shipping methods and tax rates written in any way raise the catalog's version (migration 013), as
 * promotions do (migration 014): pages show brands, and a kept bag is priced with its shipping method and tax rate
 * (src/server/bag/priced-bags.ts). No path of the store writes them but the seed, which raises the version itself;
 * a merchandiser's SQL does, and would otherwise leave every instance's pages and kept bags as they were.
 * tests/engine/cache-stamps.test.ts fails for a table a kept bag or a cached page is made from that nothing raises
 * a version for.
 */
const TABLES = ['brands', 'shipping_methods', 'tax_rates'] as const;

export const referenceVersion: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
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
