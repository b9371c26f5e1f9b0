import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import accountMenu from '../../../content/header/account-menu.json' with { type: 'json' };
import brandTabs from '../../../content/header/brand-tabs.json' with { type: 'json' };
import contentAreas from '../../../content/header/content-areas.json' with { type: 'json' };
import headerData from '../../../content/header/header-data.json' with { type: 'json' };
import megaMenu from '../../../content/header/mega-menu.json' with { type: 'json' };
import promoBar from '../../../content/header/promo-bar.json' with { type: 'json' };

/**
 * Content documents in the database, versioned (src/server/content/content-documents.ts): every saved version is kept
 * (`content_versions`, never changed once written), a publication says which version is live from which instant
 * (`content_publications`: a schedule is a publication whose instant is still ahead), and `content_audit` records
 * sign-ins, saves, publishes, schedules and rollbacks. The files under src/content/header are each document's
 * version 1, live from the start; the content slots and assets start empty.
 */
const SEED: Record<string, unknown> = {
  'brand-tabs': brandTabs,
  'promo-bar': promoBar,
  'mega-menu': megaMenu,
  'header-data': headerData,
  'account-menu': accountMenu,
  'content-areas': contentAreas,
  'content-slots': { slots: [] },
  'content-assets': { assets: [] },
};
const BEGINNING = '1970-01-01T00:00:00.000Z';

export const contentDocuments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('content_versions')
      .addColumn('document_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('saved_by', 'text', (c) => c.notNull())
      .addColumn('saved_at', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addPrimaryKeyConstraint('content_versions_pk', ['document_id', 'version'])
      .execute();
    await db.schema
      .createTable('content_publications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('document_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('live_at', 'text', (c) => c.notNull())
      .addColumn('published_by', 'text', (c) => c.notNull())
      .addColumn('published_at', 'text', (c) => c.notNull())
      .addForeignKeyConstraint('content_publications_version_fk', ['document_id', 'version'], 'content_versions', ['document_id', 'version'])
      .execute();
    await db.schema.createIndex('content_publications_live_idx').on('content_publications').columns(['document_id', 'live_at']).execute();
    await db.schema.createIndex('content_publications_at_idx').on('content_publications').column('live_at').execute();
    await db.schema
      .createTable('content_audit')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('editor_email', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('document_id', 'text')
      .addColumn('detail', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('content_audit_at_idx').on('content_audit').column('at').execute();
    const rows = Object.entries(SEED).map(([document_id, content]) => ({
      document_id,
      version: 1,
      content: JSON.stringify(content),
      saved_by: 'src/content',
      saved_at: BEGINNING,
      note: null,
    }));
    const seeded = db as Kysely<{ content_versions: (typeof rows)[number]; content_publications: Record<string, string | number> }>;
    await seeded.insertInto('content_versions').values(rows).execute();
    await seeded
      .insertInto('content_publications')
      .values(
        rows.map((r) => ({
          id: `seed-${r.document_id}`,
          document_id: r.document_id,
          version: 1,
          live_at: BEGINNING,
          published_by: 'src/content',
          published_at: BEGINNING,
        })),
      )
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['content_audit', 'content_publications', 'content_versions']) await db.schema.dropTable(table).execute();
  },
};
