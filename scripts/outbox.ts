// npm run outbox [-- --to someone@example.com]: the latest e-mails the store sent (the embedded mailer's outbox).
import { parseArgs } from 'node:util';
import { config } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/database.ts';
import { latestMail } from '../src/server/mail/mailer.ts';

const { values } = parseArgs({ options: { to: { type: 'string' }, limit: { type: 'string', default: '10' } } });
const db = createDb({ databaseUrl: config().DATABASE_URL });
await migrate(db);
const mails = await latestMail(db, values.to, Number(values.limit));
if (mails.length === 0) console.log('The outbox is empty.');
for (const m of mails) console.log(`── ${m.created_at}  to ${m.to_address}\n${m.subject}\n\n${m.text_body}`);
await db.kysely.destroy();
