// AGENT_PASSWORD=… npm run add-agent -- --email robin@example.com --name "Robin Agent"
// Adds a support agent (docs/decisions.md "Support-agent mode"): agents sign in at /agent with their own account,
// apart from shoppers. The password comes from the environment, so it stays out of the shell's history.
import { parseArgs } from 'node:util';
import { config } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/database.ts';
import { addAgent } from '../src/server/support-agents/support-agents.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
const password = process.env['AGENT_PASSWORD'] ?? '';
if (!values.email || !values.name || password.length < 12) {
  console.error('Usage: AGENT_PASSWORD=<12 characters or more> npm run add-agent -- --email EMAIL --name NAME');
  process.exit(2);
}
const db = createDb({ databaseUrl: config().DATABASE_URL });
try {
  await migrate(db);
  await addAgent(db, { email: values.email, password, name: values.name });
  console.log(`${values.email} can sign in at /agent.`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.kysely.destroy();
}
