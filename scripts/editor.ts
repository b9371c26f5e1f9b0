// npm run editor -- --email you@example.com --role editor|publisher            (prints a one-time set-password link)
// echo "$PASSWORD" | npm run editor -- --email you@example.com --role publisher --password-stdin
// Makes a content editor's account (or changes an existing one's role). The set-password link works once, for one
// hour, and is also sent to the address (the outbox in development). With --password-stdin the password is read from
// standard input instead (scripted setups); it must follow the shoppers' password rule.
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import { EDITOR_ROLES, type EditorRole } from '../src/lib/content/editor-types.ts';
import { isValidPassword } from '../src/lib/password-rules.ts';
import { PASSWORD_INVALID } from '../src/lib/schemas/account.ts';
import { config, storeOrigin } from '../src/server/config.ts';
import { sendEditorLink, setEditorPassword, upsertEditor } from '../src/server/content/editor-accounts.ts';
import { createDb, migrate } from '../src/server/db/database.ts';
import { Refusal } from '../src/server/refusal.ts';

const USAGE = 'Usage: npm run editor -- --email EMAIL --role editor|publisher [--password-stdin]';
const { values } = parseArgs({
  options: { email: { type: 'string' }, role: { type: 'string' }, 'password-stdin': { type: 'boolean', default: false } },
});
const role = values.role as EditorRole;
if (!values.email || !/^[^\s@]+@[^\s@]+$/.test(values.email) || !EDITOR_ROLES.includes(role)) {
  console.error(USAGE);
  process.exit(2);
}
const db = createDb({ databaseUrl: config().DATABASE_URL });
try {
  await migrate(db);
  const password = values['password-stdin'] ? (await text(process.stdin)).replace(/\r?\n$/, '') : undefined;
  if (password !== undefined && !isValidPassword(password)) throw new Refusal(PASSWORD_INVALID, 400);
  const editor = await upsertEditor(db, values.email, role);
  if (password !== undefined) {
    await setEditorPassword(db, editor.id, password);
    console.log(`Editor ${editor.email} (${editor.role}) can sign in at ${new URL('/editor', storeOrigin())}.`);
  } else {
    const link = await sendEditorLink(db, editor, storeOrigin());
    console.log(`Editor ${editor.email} (${editor.role}). Set the password within one hour at:\n${link}`);
  }
} catch (err) {
  if (!(err instanceof Refusal)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await db.kysely.destroy();
}
