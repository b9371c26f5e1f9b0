import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFeed } from '#src/server/catalog/catalog-import.ts';
import { exportFeed } from '#src/server/catalog/catalog-export.ts';
import { readProduct } from '#src/server/commerce/catalog.ts';
import { stockLevel } from '#src/server/commerce/stock.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

/**
 * The catalog import on the configured database (SQLite, or PostgreSQL with DATABASE_URL): all of a feed or none of
 * it, upserts by id, and the catalog's version raised only by a change. Batches of two products make a three-line
 * feed cross batch boundaries (PostgreSQL merges each batch as it goes, inside the import's one transaction).
 */
let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

const BATCH = { productsPerBatch: 2 };

function line(id: string, change: { name?: string; slug?: string; salePriceCents?: number; stock?: number; images?: number; sku?: string } = {}) {
  const images = Array.from({ length: change.images ?? 2 }, (_, i) => ({ url: `/media/top-24365c-${i + 1}.svg`, alt: `View ${i + 1}` }));
  return JSON.stringify({
    id,
    brand: 'fb',
    name: change.name ?? `Import Tee ${id}`,
    ...(change.slug ? { slug: change.slug } : {}),
    category: 'tops',
    description: 'Imported.',
    sizeChart: 'size-chart-top',
    attributes: ['size'],
    restrictedStates: ['AK'],
    colors: [
      {
        id: 'nvy',
        name: 'Navy',
        swatch: '#24365c',
        images,
        variants: [
          {
            sku: change.sku ?? `${id}-nvy-S`,
            size: 'S',
            listPriceCents: 3000,
            salePriceCents: change.salePriceCents ?? 2500,
            stock: change.stock ?? 7,
          },
          { sku: `${id}-nvy-M`, size: 'M', listPriceCents: 3000, salePriceCents: 2500, stock: 3 },
        ],
      },
    ],
  });
}

const version = async () => (await t.db.kysely.selectFrom('catalog_state').select('version').executeTakeFirstOrThrow()).version;
const productCount = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const feed = ['im-1', 'im-2', 'im-3'].map((id) => line(id));

describe('catalog import', () => {
  it('imports a good feed: new products with their variants, prices and stock, and raises the catalog version', async () => {
    const before = await version();
    const report = await importFeed(t.db, feed, BATCH);
    expect(report).toMatchObject({ imported: true, products: 3, variants: 6, issues: [], issueCount: 0 });
    expect(report.changes).toEqual({
      createdProducts: 3,
      changedProducts: 0,
      createdVariants: 6,
      changedVariants: 0,
      changedStock: 6,
      changedOther: 12,
    });
    expect(report.version).toBe(before + 1);
    const product = (await readProduct(t.db, 'im-2'))!;
    expect(product).toMatchObject({ name: 'Import Tee im-2', slug: 'import-tee-im-2-im-2', brand: 'fb', sizeChartId: 'size-chart-top' });
    expect(product.variants.map((v) => [v.id, v.salePrice, v.maxOrderable])).toEqual([
      ['im-2-nvy-M', 2500, 3],
      ['im-2-nvy-S', 2500, 7],
    ]);
    expect(product.images).toHaveLength(2);
    expect(product.restrictedShippingStates).toEqual(['AK']);
  });

  it('changes nothing, not even the version, when the same feed comes again', async () => {
    const before = await version();
    const report = await importFeed(t.db, feed, BATCH);
    expect(report.imported).toBe(true);
    expect(report.changes).toEqual({
      createdProducts: 0,
      changedProducts: 0,
      createdVariants: 0,
      changedVariants: 0,
      changedStock: 0,
      changedOther: 0,
    });
    expect(await version()).toBe(before);
  });

  it('updates a changed price, stock level and name, and drops an image the line no longer lists', async () => {
    const before = await version();
    const renamed = line('im-2', { salePriceCents: 1999, stock: 0, name: 'Import Tee, Renamed', images: 1 });
    // The second batch holds a product of the catalog and a new one.
    const report = await importFeed(t.db, [line('im-1'), renamed, line('im-3'), line('im-14')], BATCH);
    // New: im-14 with its 2 variants and stock, its colour, 2 images and restriction. Changed: im-2's name (and
    // slug), one price, one stock level; one image removed.
    expect(report.changes).toEqual({
      createdProducts: 1,
      changedProducts: 1,
      createdVariants: 2,
      changedVariants: 1,
      changedStock: 3,
      changedOther: 5,
    });
    expect(report.version).toBe(before + 1);
    const product = (await readProduct(t.db, 'im-2'))!;
    expect(product.name).toBe('Import Tee, Renamed');
    expect(product.slug).toBe('import-tee-renamed-im-2'); // the default slug follows the name
    expect(product.variants.find((v) => v.id === 'im-2-nvy-S')).toMatchObject({ salePrice: 1999, inStock: false });
    expect(product.images).toHaveLength(1);
    expect(await stockLevel(t.db, 'im-2-nvy-S')).toBe(0);
  });

  it('writes nothing when one line in the middle is bad, and names its line and field', async () => {
    const [count, before] = [await productCount(), await version()];
    const bad = [line('im-4'), line('im-5'), line('im-6', { salePriceCents: 3500 }), line('im-1', { stock: 99 }), '', line('im-7')];
    const report = await importFeed(t.db, bad, BATCH);
    expect(report).toMatchObject({ imported: false, changes: null, version: null, issueCount: 1 });
    expect(report.issues).toEqual([
      { line: 3, product: 'im-6', field: 'colors[0].variants[0].salePriceCents', message: 'must not be more than the list price' },
    ]);
    expect(await productCount()).toBe(count); // im-4 and im-5 (a batch already merged on PostgreSQL) are gone too
    expect(await stockLevel(t.db, 'im-1-nvy-S')).toBe(7);
    expect(await version()).toBe(before);
  });

  it('reports every bad line, ids and SKUs given twice, and a SKU or slug another product has, and writes nothing', async () => {
    const count = await productCount();
    const report = await importFeed(t.db, [line('im-8'), '{"id": "im-9", "brand": "fb"', line('im-8'), line('im-10', { sku: 'im-8-nvy-M' })], BATCH);
    expect(report.issues.map((i) => [i.line, i.product, i.field])).toEqual([
      [2, 'im-9', ''],
      [3, 'im-8', 'id'],
      [3, 'im-8', 'colors[0].variants[0].sku'],
      [3, 'im-8', 'colors[0].variants[1].sku'],
      [3, 'im-8', 'slug'],
      [4, 'im-10', 'colors[0].variants[0].sku'],
    ]);
    expect(report.issues[1]!.message).toBe('product "im-8" is also on line 1');
    // Only the catalog knows these: a SKU of a seeded product, and a seeded product's slug.
    const clash = await importFeed(
      t.db,
      [line('im-11'), line('im-12', { sku: 'fb-1001-blk-M' }), line('im-13', { slug: 'everyday-crew-tee-fb-1001' })],
      BATCH,
    );
    expect(clash.issues).toEqual([
      { line: 2, product: 'im-12', field: 'sku', message: '"fb-1001-blk-M" is already a variant of product fb-1001' },
      { line: 3, product: 'im-13', field: 'slug', message: '"everyday-crew-tee-fb-1001" is already the slug of product fb-1001' },
    ]);
    expect(await productCount()).toBe(count);
  });

  it('takes back its own export of the seeded catalog without changing anything', async () => {
    const lines: string[] = [];
    for await (const l of exportFeed(t.db)) lines.push(l);
    expect(lines.length).toBe(await productCount());
    const report = await importFeed(t.db, lines);
    expect(report.issues).toEqual([]);
    expect(report.changes).toEqual({
      createdProducts: 0,
      changedProducts: 0,
      createdVariants: 0,
      changedVariants: 0,
      changedStock: 0,
      changedOther: 0,
    });
  });
});
