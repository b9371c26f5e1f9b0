import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Content editors' accounts, apart from shoppers': `editors` (role `editor` or `publisher`; no password until the
 * one-time link is used), their sessions (only the token's SHA-256 is kept, as for shoppers) and their one-time
 * set-password links (hashed, one hour, used once).
 */
export const editors: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('editors')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('editor', 'publisher')`))
      .addColumn('password_hash', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('editor_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('editor_id', 'text', (c) => c.notNull().references('editors.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('editor_sessions_editor_idx').on('editor_sessions').column('editor_id').execute();
    await db.schema
      .createTable('editor_password_links')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('editor_id', 'text', (c) => c.notNull().references('editors.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['editor_password_links', 'editor_sessions', 'editors']) await db.schema.dropTable(table).execute();
  },
};
