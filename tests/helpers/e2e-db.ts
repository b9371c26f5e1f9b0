import { join } from 'node:path';
import { createDb, type Db } from '#src/server/db/database.ts';

/** The database the Playwright servers use (scripts/e2e-server.ts), opened from a test for setup and checks. */
export function e2eDb(): Db {
  const url = process.env.E2E_DATABASE_URL;
  return url ? createDb({ databaseUrl: url, poolSize: 2 }) : createDb({ sqliteFile: join(process.env.E2E_DATA_DIR ?? 'data/e2e', 'store.db') });
}

/** The best-stocked size of a product in the test server's store (its SKU), e.g. `ks-6001`: a bag of it can be placed. */
export async function bestStockedSku(productId: string): Promise<string> {
  const db = e2eDb();
  try {
    const row = await db.kysely
      .selectFrom('stock')
      .select('sku')
      .where('sku', 'like', `${productId}-%`)
      .orderBy('on_hand', 'desc')
      .executeTakeFirstOrThrow();
    return row.sku;
  } finally {
    await db.kysely.destroy();
  }
}
