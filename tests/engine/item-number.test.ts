import { afterAll, beforeAll, expect, it } from 'vitest';
import { searchDocuments } from '#src/server/search/search-documents.ts';
import { buildCatalogSearch } from '#src/server/search/search-index.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

// Quick order reads item numbers from the search index (a bare number is the end of ids: no database index serves it).
const findByItemNumber = async (db: TestDb['db'], term: string) => (await buildCatalogSearch(searchDocuments(db))).itemNumber(term);

/** Quick order finds an item by the number printed in the catalog, with or without its brand prefix. */
it('finds a product by its id in any case, or by the bare number', async () => {
  expect(await findByItemNumber(t.db, 'fb-1001')).toEqual(['fb-1001']);
  expect(await findByItemNumber(t.db, ' FB-1001 ')).toEqual(['fb-1001']);
  expect(await findByItemNumber(t.db, '1001')).toEqual(['fb-1001']);
  expect(await findByItemNumber(t.db, '2003')).toEqual(['ww-2003']);
  expect(await findByItemNumber(t.db, '100')).toEqual([]); // a number matches whole, not as a prefix
  expect(await findByItemNumber(t.db, 'zz-9999')).toEqual([]);
  expect(await findByItemNumber(t.db, "1001' or 1=1 --")).toEqual([]);
});

it('a bare number shared by two brands lists both', async () => {
  const row = await t.db.kysely.selectFrom('products').selectAll().where('id', '=', 'fb-1001').executeTakeFirstOrThrow();
  await t.db.kysely
    .insertInto('products')
    .values({ ...row, id: 'ks-1001', slug: 'copy-ks-1001', brand_code: 'ks' })
    .execute();
  expect(await findByItemNumber(t.db, '1001')).toEqual(['fb-1001', 'ks-1001']);
});
