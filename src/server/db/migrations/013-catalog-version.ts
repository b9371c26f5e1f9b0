import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The catalog's version: one row whose number goes up with every write that changes the catalog (the
 * catalog import, src/server/catalog/catalog-import.ts), in the same transaction as the change. Every instance reads
 * the same row, so a cache of pages or a search index can tell that the catalog changed without comparing it.
 */
export const catalogVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('catalog_state')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('changed_at', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into catalog_state (id, version, changed_at) values (1, 1, ${new Date().toISOString()})`.execute(db);
  },
};
