// npm run seed [-- --reset] [-- --products N]
// Seeds the configured database (DATABASE_URL, else the embedded SQLite file). Deterministic: the same
// arguments always produce the same catalog. --products N adds N generated products for scale tests.
import { parseArgs } from 'node:util';
import { createDb, migrate } from '../src/server/db/database.ts';
import { config } from '../src/server/config.ts';
import { isEmpty, seed, wipe } from '../src/server/catalog/seed.ts';

const { values } = parseArgs({
  options: { reset: { type: 'boolean', default: false }, products: { type: 'string', default: '0' } },
});
const extra = Number(values.products);
if (!Number.isInteger(extra) || extra < 0 || extra > 200000) {
  console.error('--products takes a whole number from 0 to 200000');
  process.exit(2);
}
const db = createDb({ databaseUrl: config().DATABASE_URL });
try {
  await migrate(db);
  if (!(await isEmpty(db))) {
    if (!values.reset && extra === 0) {
      console.log('The store already has a catalog; pass --reset to replace it.');
      process.exit(0);
    }
    await wipe(db);
  }
  const started = Date.now();
  const counts = await seed(db, { extraProducts: extra });
  console.log(`Seeded ${counts.products} products, ${counts.variants} variants on ${db.dialect} in ${Date.now() - started} ms.`);
} finally {
  await db.kysely.destroy();
}
