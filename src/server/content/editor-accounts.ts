import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Editor, EditorRole } from '#src/lib/content/editor-types.ts';
import { isValidPassword } from '#src/lib/password-rules.ts';
import { PASSWORD_INVALID } from '#src/lib/schemas/account.ts';
import { reserveOrRefuse, SIGN_IN_FAILED } from '../accounts/accounts.ts';
import { dummyHash, hashPassword, verifyPassword } from '../accounts/password.ts';
import type { Db } from '../db/database.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import { LIMITS, settleAttempt, type CountedKey } from '../http/throttle.ts';
import { sendWithoutWaiting } from '../mail/mailer.ts';
import { Refusal } from '../refusal.ts';

/**
 * Content editors' accounts, apart from shoppers' (a shopper's session never names an editor, nor an editor's a
 * shopper): the same password rule and hashing, and the same guessing limits (five failures per account and twenty
 * per client address in 15 minutes, counted in their own buckets). An editor's session token is 256 random bits; only
 * its SHA-256 is stored. An account starts without a password: the one-time link (one hour) sets it.
 */
export const EDITOR_SESSION_SECONDS = 8 * 60 * 60;
export const EDITOR_LINK_SECONDS = 60 * 60;
export const EDITOR_LINK_INVALID = 'This link has expired or has already been used. Ask a publisher for a new one.';
export const EDITOR_SIGNED_OUT = 'Sign in to the editors’ workspace first.';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface EditorAccount extends Editor {
  id: string;
}

/** Makes an editor account, or changes an existing one's role. */
export async function upsertEditor(db: Db, email: string, role: EditorRole): Promise<EditorAccount> {
  const address = email.trim().toLowerCase();
  return withWriteTransaction(db, async (tx) => {
    const found = await tx.selectFrom('editors').select(['id']).where('email', '=', address).executeTakeFirst();
    if (found) {
      await tx.updateTable('editors').set({ role }).where('id', '=', found.id).execute();
      return { id: found.id, email: address, role };
    }
    const id = randomUUID();
    await tx.insertInto('editors').values({ id, email: address, role, password_hash: null, created_at: new Date().toISOString() }).execute();
    return { id, email: address, role };
  });
}

/** A one-time set-password link for an editor, also sent to their address (the outbox in development). */
export async function sendEditorLink(db: Db, editor: EditorAccount, origin: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.kysely
    .insertInto('editor_password_links')
    .values({
      token_hash: sha256(token),
      editor_id: editor.id,
      expires_at: new Date(Date.now() + EDITOR_LINK_SECONDS * 1000).toISOString(),
      used_at: null,
    })
    .execute();
  const link = new URL(`/editor/set-password?token=${token}`, origin).toString();
  await sendWithoutWaiting(db, {
    to: editor.email,
    subject: 'Your Seven Brands content editor account',
    text: `Hello,\n\nYou can now edit the store's content as ${editor.role}. Use this link within one hour to choose your password:\n${link}\n`,
  });
  return link;
}

/** Sets an editor's password directly (scripted setups: `npm run editor -- --password-stdin`). */
export async function setEditorPassword(db: Db, editorId: string, password: string): Promise<void> {
  if (!isValidPassword(password)) throw new Refusal(PASSWORD_INVALID, 400);
  await db.kysely
    .updateTable('editors')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', editorId)
    .execute();
}

export async function isEditorLinkUsable(db: Db, token: string): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('editor_password_links')
    .select('editor_id')
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  return !!row;
}

/** Uses a set-password link once: the password is set, every session of the account ends, and its lockout lifts. */
export async function redeemEditorLink(db: Db, token: string, password: string): Promise<EditorAccount> {
  if (!isValidPassword(password)) throw new Refusal(PASSWORD_INVALID, 400);
  const now = new Date().toISOString();
  const editorId = await withWriteTransaction(db, async (tx) => {
    const row = await tx
      .updateTable('editor_password_links')
      .set({ used_at: now })
      .where('token_hash', '=', sha256(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('editor_id')
      .executeTakeFirst();
    if (!row) throw new Refusal(EDITOR_LINK_INVALID, 400);
    await tx.updateTable('editor_password_links').set({ used_at: now }).where('editor_id', '=', row.editor_id).where('used_at', 'is', null).execute();
    return row.editor_id;
  });
  await setEditorPassword(db, editorId, password);
  await db.kysely.deleteFrom('editor_sessions').where('editor_id', '=', editorId).execute();
  const editor = await db.kysely.selectFrom('editors').select(['id', 'email', 'role']).where('id', '=', editorId).executeTakeFirstOrThrow();
  await db.kysely.deleteFrom('rate_limits').where('key', '=', editorAccountKey(editor.email)).execute();
  return editor;
}

const editorAccountKey = (email: string) => `editor-login:acct:${email.toLowerCase()}`;

/**
 * Checks an editor's e-mail and password with the shoppers' limits in buckets of their own: the check is made before
 * the password and only failures count; an unknown e-mail costs the same argon2 work and gets the same reply.
 */
export async function authenticateEditor(db: Db, email: string, password: string, clientAddress: string): Promise<EditorAccount> {
  const address = email.trim().toLowerCase();
  const row = await db.kysely.selectFrom('editors').selectAll().where('email', '=', address).executeTakeFirst();
  const keys: CountedKey[] = [
    { key: editorAccountKey(address), limit: LIMITS.loginPerAccount },
    { key: `editor-login:addr:${clientAddress}`, limit: LIMITS.loginPerAddress },
  ];
  await reserveOrRefuse(db, keys);
  let ok = false;
  try {
    ok = (await verifyPassword(password, row?.password_hash ?? (await dummyHash()))) && !!row?.password_hash;
  } finally {
    await settleAttempt(db, keys, !ok);
  }
  if (!row || !ok) throw new Refusal(SIGN_IN_FAILED, 401);
  return { id: row.id, email: row.email, role: row.role };
}

export async function startEditorSession(db: Db, editorId: string): Promise<{ token: string; maxAge: number }> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.kysely
    .insertInto('editor_sessions')
    .values({
      id: sha256(token),
      editor_id: editorId,
      expires_at: new Date(now + EDITOR_SESSION_SECONDS * 1000).toISOString(),
      created_at: new Date(now).toISOString(),
    })
    .execute();
  return { token, maxAge: EDITOR_SESSION_SECONDS };
}

export async function endEditorSession(db: Db, token: string | undefined): Promise<void> {
  if (token && TOKEN.test(token)) await db.kysely.deleteFrom('editor_sessions').where('id', '=', sha256(token)).execute();
}

/** The editor an editor's token names, or null (none, malformed, expired, or a shopper's token: never in this table). */
export async function editorOfToken(db: Db, token: string | undefined): Promise<EditorAccount | null> {
  if (!token || !TOKEN.test(token)) return null;
  const row = await db.kysely
    .selectFrom('editor_sessions')
    .innerJoin('editors', 'editors.id', 'editor_sessions.editor_id')
    .select(['editors.id', 'editors.email', 'editors.role'])
    .where('editor_sessions.id', '=', sha256(token))
    .where('editor_sessions.expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  return row ?? null;
}
