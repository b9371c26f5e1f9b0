// npm run rewards -- --email you@example.com
// Gives an account rewards to try the store with: active ELQ and Dia memberships with $25.00 of rewards dollars each,
// and two reward certificates ($10.00 and $15.00), whose numbers are printed here once (only their hashes are kept).
import { parseArgs } from 'node:util';
import { formatCents } from '../src/lib/money.ts';
import { config } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/database.ts';
import { giveTryOutRewards } from '../src/server/rewards/try-out.ts';

const { values } = parseArgs({ options: { email: { type: 'string' } } });
if (!values.email) {
  console.error('Usage: npm run rewards -- --email EMAIL (an account registered in the store)');
  process.exit(2);
}
const db = createDb({ databaseUrl: config().DATABASE_URL });
try {
  await migrate(db);
  const certificates = await giveTryOutRewards(db, values.email);
  if (!certificates) {
    console.error(`No account has the e-mail ${values.email}; register it in the store first.`);
    process.exitCode = 1;
  } else {
    console.log(`${values.email}: active ELQ and Dia member, $25.00 of rewards dollars in each.`);
    for (const c of certificates)
      console.log(`Certificate ${c.number} (${c.kind}): ${formatCents(c.amountCents)}, use by ${c.expiresAt.slice(0, 10)}`);
  }
} finally {
  await db.kysely.destroy();
}
