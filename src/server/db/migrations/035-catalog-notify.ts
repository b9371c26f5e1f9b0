import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * PostgreSQL: a change of the catalog's version (migration 013; raised by the import, the seed, a restock and the
 * promotion triggers of migrations 014 and 016) is notified on the `catalog_version` channel from the transaction
 * that makes it, with the new version as the payload. PostgreSQL delivers it when that transaction commits, to every
 * instance listening (src/server/commerce/catalog-version.ts), which then reads the catalog's stamp again instead of
 * asking for it on every request. SQLite has no notifications: its instances check the version themselves.
 */
export const catalogNotify: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql`
      create function notify_catalog_version() returns trigger language plpgsql as $$
      begin
        perform pg_notify('catalog_version', new.version::text);
        return null;
      end $$`.execute(db);
    await sql`
      create trigger catalog_state_notifies after update of version on catalog_state
      for each row execute function notify_catalog_version()`.execute(db);
  },
};
