// npm run outbox [-- --to someone@example.com]: the latest e-mails the store sent (the embedded mailer's outbox).
// A mail's gift card number and PIN, or certificate number, are kept sealed under GIFT_CARD_KEY: with the key (or the
// key a loopback store keeps for itself) they are shown in full, so the store can be tried by hand.
import { parseArgs } from 'node:util';
import { config } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/database.ts';
import { giftCardKey } from '../src/server/gift-cards/gift-card-key.ts';
import { latestMail } from '../src/server/mail/mailer.ts';

const { values } = parseArgs({ options: { to: { type: 'string' }, limit: { type: 'string', default: '10' } } });
const db = createDb({ databaseUrl: config().DATABASE_URL });
try {
  await migrate(db);
  const key = await giftCardKey(db.kysely).catch((err: Error) => console.error(`Sealed mail stays masked: ${err.message}`));
  const mails = await latestMail(db, values.to, Number(values.limit), key ?? undefined);
  if (mails.length === 0) console.log('The outbox is empty.');
  for (const m of mails) {
    const note = m.sealed && !m.opened ? '\n(its secrets are sealed under another GIFT_CARD_KEY)' : '';
    console.log(`── ${m.created_at}  to ${m.to_address}\n${m.subject}\n\n${m.text_body}${note}`);
  }
} finally {
  await db.kysely.destroy();
}
