// npm run restock -- --sku fb-1006-olv-M --quantity 12
// Adds stock to a variant (a delivery came in) and e-mails everyone on its waitlist that it is back; the links in
// those e-mails use the store's configured origin (PUBLIC_ORIGIN, see src/server/config.ts).
import { parseArgs } from 'node:util';
import { config, storeOrigin } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/database.ts';
import { restock } from '../src/server/commerce/stock.ts';

const { values } = parseArgs({ options: { sku: { type: 'string' }, quantity: { type: 'string' } } });
if (!values.sku || !values.quantity) {
  console.error('Usage: npm run restock -- --sku SKU --quantity N');
  process.exit(2);
}
const db = createDb({ databaseUrl: config().DATABASE_URL });
try {
  await migrate(db);
  const { onHand, notified } = await restock(db, values.sku, Number(values.quantity), storeOrigin());
  console.log(`${values.sku}: ${onHand} in stock; ${notified} waiting ${notified === 1 ? 'shopper was' : 'shoppers were'} told.`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.kysely.destroy();
}
