import { getDb } from '../db/database.ts';
import { listBrands, listProductSummaries } from './catalog.ts';

/** What the home page shows: the brands and the newest product tiles. */
export async function loadHomePage() {
  const db = await getDb();
  const [brands, products] = await Promise.all([listBrands(db), listProductSummaries(db, { limit: 60 })]);
  return { brands, products };
}
