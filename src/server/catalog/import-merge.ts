import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { FeedTable } from './feed-rows.ts';
import { stageName } from './import-stage.ts';

/**
 * Moves staged rows into the catalog, set-based, inside one transaction the caller holds: first the checks that
 * need the catalog (a slug or SKU that another product already has), then per table an UPDATE of the rows whose
 * values differ and an INSERT of the new ones, so a re-import of the same feed changes nothing, then the removal of
 * a product's images, hemming options and shipping restrictions that its line no longer lists.
 */

export interface Clash {
  line: number;
  product: string;
  field: string;
  message: string;
}

/** Key columns of each table; every other staged column is a value the upsert compares and writes. */
const KEYS: Record<FeedTable, string[]> = {
  products: ['id'],
  product_colors: ['product_id', 'color_id'],
  product_media: ['id'],
  variants: ['sku'],
  stock: ['sku'],
  hemming_options: ['product_id', 'option_id'],
  product_shipping_restrictions: ['product_id', 'state_code'],
};
/** Never changed by an import: which product a variant or an image belongs to (see the ownership checks). */
const KEPT: Partial<Record<FeedTable, string[]>> = { variants: ['product_id'], product_media: ['product_id'] };

const ids = (names: string[]) => sql.join(names.map((n) => sql.id(n)));

/** Slugs and SKUs (and image ids) that another product of the catalog already has. */
export async function findClashes(conn: Kysely<Database>): Promise<Clash[]> {
  const slugs = await sql<{ line: number; id: string; slug: string; other: string }>`
    select s.line, s.id, s.slug, p.id as other from ${sql.table(stageName('products'))} s
    join products p on p.slug = s.slug where p.id <> s.id order by s.line`.execute(conn);
  const skus = await sql<{ line: number; product_id: string; sku: string; other: string }>`
    select s.line, s.product_id, s.sku, v.product_id as other from ${sql.table(stageName('variants'))} s
    join variants v on v.sku = s.sku where v.product_id <> s.product_id order by s.line`.execute(conn);
  const media = await sql<{ line: number; product_id: string; id: string; other: string }>`
    select p.line, s.product_id, s.id, m.product_id as other from ${sql.table(stageName('product_media'))} s
    join product_media m on m.id = s.id join ${sql.table(stageName('products'))} p on p.id = s.product_id
    where m.product_id <> s.product_id order by p.line`.execute(conn);
  return [
    ...slugs.rows.map((r) => ({ line: r.line, product: r.id, field: 'slug', message: `"${r.slug}" is already the slug of product ${r.other}` })),
    ...skus.rows.map((r) => ({
      line: r.line,
      product: r.product_id,
      field: 'sku',
      message: `"${r.sku}" is already a variant of product ${r.other}`,
    })),
    ...media.rows.map((r) => ({
      line: r.line,
      product: r.product_id,
      field: 'colors',
      message: `makes the image id "${r.id}", which product ${r.other} already has (choose other colour codes)`,
    })),
  ].sort((a, b) => a.line - b.line);
}

/**
 * Writes one staged table into its catalog table: an UPDATE of the rows whose values differ, then an INSERT of the
 * rows that are new. Not INSERT ... ON CONFLICT DO UPDATE: PostgreSQL locks every conflicting row until the commit
 * even when its WHERE leaves the row as it was, so a re-import would hold every stock row a checkout needs.
 */
async function upsertTable(
  conn: Kysely<Database>,
  table: FeedTable,
  columns: string[],
  fresh: boolean,
): Promise<{ updated: number; inserted: number }> {
  if (columns.length === 0) return { updated: 0, inserted: 0 }; // no line had a row for this table
  const stage = sql.table(stageName(table));
  if (fresh) {
    const result = await sql`insert into ${sql.table(table)} (${ids(columns)}) select ${ids(columns)} from ${stage}`.execute(conn);
    return { updated: 0, inserted: Number(result.numAffectedRows ?? 0) };
  }
  const keys = KEYS[table];
  const kept = KEPT[table] ?? [];
  const values = columns.filter((c) => !keys.includes(c) && !kept.includes(c));
  const same = sql.join(
    keys.map((k) => sql`s.${sql.id(k)} = ${sql.ref(`${table}.${k}`)}`),
    sql` and `,
  );
  let updated = 0;
  if (values.length) {
    const result = await sql`update ${sql.table(table)} set ${sql.join(values.map((c) => sql`${sql.id(c)} = s.${sql.id(c)}`))}
      from ${stage} as s where ${same}
      and (${sql.join(
        values.map((c) => sql`${sql.ref(`${table}.${c}`)} is distinct from s.${sql.id(c)}`),
        sql` or `,
      )})`.execute(conn);
    updated = Number(result.numAffectedRows ?? 0);
  }
  const inserted = await sql`insert into ${sql.table(table)} (${ids(columns)})
    select ${sql.join(columns.map((c) => sql`s.${sql.id(c)}`))} from ${stage} as s
    where not exists (select 1 from ${sql.table(table)} where ${same})`.execute(conn);
  return { updated, inserted: Number(inserted.numAffectedRows ?? 0) };
}

/** Removes the rows of staged products that their lines no longer list. */
async function removeUnlisted(conn: Kysely<Database>, table: 'product_media' | 'hemming_options' | 'product_shipping_restrictions'): Promise<number> {
  const keys = KEYS[table];
  const same = sql.join(
    keys.map((k) => sql`s.${sql.id(k)} = ${sql.ref(`${table}.${k}`)}`),
    sql` and `,
  );
  const result = await sql`delete from ${sql.table(table)}
    where product_id in (select id from ${sql.table(stageName('products'))})
    and not exists (select 1 from ${sql.table(stageName(table))} s where ${same})`.execute(conn);
  return Number(result.numAffectedRows ?? 0);
}

/** What the merge changed: new and changed products and variants, stock levels set, other rows written or removed. */
export interface MergeChanges {
  createdProducts: number;
  changedProducts: number;
  createdVariants: number;
  changedVariants: number;
  changedStock: number;
  /** Colours, images and videos, hemming options, shipping restrictions. */
  changedOther: number;
}

export const noChanges = (): MergeChanges => ({
  createdProducts: 0,
  changedProducts: 0,
  createdVariants: 0,
  changedVariants: 0,
  changedStock: 0,
  changedOther: 0,
});

/** The merge proper, adding what it changed to `changes`; `columns` are each staged table's columns. */
export async function mergeStage(conn: Kysely<Database>, columns: Record<FeedTable, string[]>, changes: MergeChanges): Promise<void> {
  // When no staged product is in the catalog yet (a first load), none of their rows can be either (a SKU or an
  // image id of another product is a clash, found before): plain INSERTs, without looking each row up twice.
  const existing = await sql<{ id: string }>`select s.id from ${sql.table(stageName('products'))} s
    where exists (select 1 from products p where p.id = s.id) limit 1`.execute(conn);
  const fresh = existing.rows.length === 0;
  const upsert = (table: FeedTable, list: string[]) => upsertTable(conn, table, list, fresh);
  const without = (list: string[]) => list.filter((c) => c !== 'line');
  const other = async (table: FeedTable) => {
    const r = await upsert(table, columns[table]);
    changes.changedOther += r.updated + r.inserted;
  };
  const products = await upsert('products', without(columns.products));
  changes.createdProducts += products.inserted;
  changes.changedProducts += products.updated;
  await other('product_colors');
  await other('product_media');
  const variants = await upsert('variants', without(columns.variants));
  changes.createdVariants += variants.inserted;
  changes.changedVariants += variants.updated;
  const stock = await upsert('stock', columns.stock);
  changes.changedStock += stock.updated + stock.inserted;
  await other('hemming_options');
  await other('product_shipping_restrictions');
  if (fresh) return;
  // A variant the feed says keeps no stock (a gift card) has no stock row.
  const untracked = await sql`delete from stock where sku in
    (select sku from ${sql.table(stageName('variants'))} where track_stock = 0)`.execute(conn);
  changes.changedStock += Number(untracked.numAffectedRows ?? 0);
  for (const table of ['product_media', 'hemming_options', 'product_shipping_restrictions'] as const)
    changes.changedOther += await removeUnlisted(conn, table);
}

/** How many products and variants the catalog has. */
export async function catalogSize(conn: Kysely<Database>): Promise<{ products: number; variants: number }> {
  const count = async (table: 'products' | 'variants') =>
    Number(
      (
        await conn
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  return { products: await count('products'), variants: await count('variants') };
}

/** Raises the catalog's version (when something changed) and returns it. */
export async function bumpVersion(conn: Kysely<Database>, changed: boolean, now: string): Promise<number> {
  if (changed)
    await conn
      .updateTable('catalog_state')
      .set((eb) => ({ version: eb('version', '+', 1), changed_at: now }))
      .where('id', '=', 1)
      .execute();
  const row = await conn.selectFrom('catalog_state').select('version').where('id', '=', 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}
