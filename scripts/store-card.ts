// npm run store-card -- --email you@example.com [--zip 10001]    (a registered account's own store card)
// npm run store-card -- --zip 10001                              (a guest's store card: pay with the number and ZIP)
// Opens a store card account with $500.00 of credit and 1,250 points; its number is printed here once (only its
// keyed hash and last four are kept).
import { parseArgs } from 'node:util';
import { formatCents } from '../src/lib/money.ts';
import { config } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/database.ts';
import { giveTryOutStoreCard, TRY_OUT_LIMIT_CENTS, TRY_OUT_POINTS } from '../src/server/store-card/try-out.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, zip: { type: 'string', default: '10001' } } });
if (!/^\d{5}$/.test(values.zip)) {
  console.error('Usage: npm run store-card -- [--email EMAIL] [--zip ZIP] (ZIP: the five digits of the billing address)');
  process.exit(2);
}
const db = createDb({ databaseUrl: config().DATABASE_URL });
try {
  await migrate(db);
  const card = await giveTryOutStoreCard(db, { email: values.email ?? null, billingPostalCode: values.zip });
  if (!card) {
    console.error(`No account has the e-mail ${values.email}; register it in the store first.`);
    process.exitCode = 1;
  } else {
    const holder = values.email ? `held by ${values.email}` : `for a guest, billing ZIP ${values.zip}`;
    console.log(`Store card ${card.number} (${holder}): ${formatCents(TRY_OUT_LIMIT_CENTS)} available, ${TRY_OUT_POINTS} points.`);
  }
} finally {
  await db.kysely.destroy();
}
