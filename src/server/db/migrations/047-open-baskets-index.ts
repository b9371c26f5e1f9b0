import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The sweeper finds open bags left untouched by `updated_at` (src/server/maintenance/sweep.ts); the index it uses
 * holds open bags only. An index on (status, updated_at) also served any statement that names a bag by its id and
 * `status = $n`: PostgreSQL plans a named statement once per connection, and a plan made while the bags' table was
 * new (a new store, a new database) could read that index for every open bag and filter by id, instead of the
 * primary key's one row. A statement whose status is a parameter cannot use an index whose predicate names it, so
 * every bag read and guarded bag write goes by the primary key, whatever the table's statistics said when it was
 * planned.
 */
export const openBasketsIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('baskets_status_updated_idx').execute();
    await db.schema
      .createIndex('baskets_open_updated_idx')
      .on('baskets')
      .column('updated_at')
      .where(sql.ref('status'), '=', sql.lit('open'))
      .execute();
  },
};
