import { RESET_LINK_INVALID } from '#src/lib/schemas/account.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import { sendWithoutWaiting } from '../mail/mailer.ts';
import { AccountError, findCustomer, findCustomerByEmail, setPassword, untrustedSignInKey } from './accounts.ts';
import type { Customer } from '#src/lib/commerce/customer.ts';
import { clear, hit, LIMITS } from '../http/throttle.ts';
import { endOtherSessions } from '../session/session.ts';

/** A reset link works once, for one hour. Only the token's hash is stored. */
export const RESET_TTL_SECONDS = 60 * 60;
export const resetSentMessage = (email: string) => `A link has been sent to ${email}`;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sends a reset link when the address belongs to an account. The caller replies the same either way, so the form
 * cannot be used to find out who has an account; quiet limits per address and per client stop mail bombing.
 */
export async function requestPasswordReset(db: Db, email: string, clientAddress: string, origin: string): Promise<void> {
  const overAddress = await hit(db, `reset:addr:${clientAddress}`, LIMITS.resetPerAddress);
  const overAccount = await hit(db, `reset:acct:${email}`, LIMITS.resetPerAccount);
  if (overAddress || overAccount) return;
  const customer = await findCustomerByEmail(db, email);
  if (!customer) return;
  const token = randomBytes(32).toString('base64url');
  await db.kysely
    .insertInto('password_resets')
    .values({
      token_hash: hash(token),
      customer_id: customer.id,
      expires_at: new Date(Date.now() + RESET_TTL_SECONDS * 1000).toISOString(),
      used_at: null,
    })
    .execute();
  const link = new URL(`/reset-password?token=${token}`, origin).toString();
  // Not waiting for SMTP: its time, or its failure, would differ between known and unknown addresses.
  await sendWithoutWaiting(db, {
    to: customer.email,
    subject: 'Reset your Seven Brands password',
    text: `Hello ${customer.firstName},\n\nUse this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays as it is.\n`,
  });
}

/** Whether a reset link can still be used (unused, not expired): the page says so before a password is typed. */
export async function isResetLinkUsable(db: Db, token: string): Promise<boolean> {
  if (!token) return false;
  const row = await db.kysely
    .selectFrom('password_resets')
    .select('customer_id')
    .where('token_hash', '=', hash(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date().toISOString())
    .executeTakeFirst();
  return !!row;
}

/**
 * Sets a new password from a reset link: the token is consumed in the same transaction (a second use fails),
 * and every session of the account is ended, so whoever knew the old password is signed out everywhere. The
 * account's lockout for unknown clients is lifted: the holder of the mailbox is back in.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<Customer> {
  const now = new Date().toISOString();
  const customerId = await withWriteTransaction(db, async (tx) => {
    const row = await tx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', hash(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('customer_id')
      .executeTakeFirst();
    if (!row) throw new AccountError(RESET_LINK_INVALID, 400);
    // Any other outstanding link for this account dies with this one.
    await tx.updateTable('password_resets').set({ used_at: now }).where('customer_id', '=', row.customer_id).where('used_at', 'is', null).execute();
    return row.customer_id;
  });
  await setPassword(db, customerId, password);
  // The link reached the mailbox: the e-mail is the holder's.
  await db.kysely.updateTable('customers').set({ email_verified_at: now }).where('id', '=', customerId).execute();
  await endOtherSessions(db, customerId, null);
  const customer = await findCustomer(db, customerId);
  if (!customer) throw new AccountError(RESET_LINK_INVALID, 400);
  await clear(db, untrustedSignInKey(customer.email));
  return customer;
}
