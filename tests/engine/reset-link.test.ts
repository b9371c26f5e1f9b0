import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '#src/server/accounts/accounts.ts';
import { isResetLinkUsable, resetPassword } from '#src/server/accounts/reset.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

/**
 * /reset-password says at once that a link is dead (used, expired, unknown) instead of after a
 * new password is typed. The check uses the reset's own conditions and consumes nothing.
 */
let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

async function link(customerId: string, expiresInMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.db.kysely
    .insertInto('password_resets')
    .values({
      token_hash: createHash('sha256').update(token).digest('hex'),
      customer_id: customerId,
      expires_at: new Date(Date.now() + expiresInMs).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

describe('reset link check', () => {
  it('a fresh link is usable, and checking it does not use it up', async () => {
    const c = await createCustomer(t.db, { email: 'fresh.link@example.com', firstName: 'Fr', lastName: 'Esh', password: 'abcd1234' });
    const token = await link(c.id, 60_000);
    expect(await isResetLinkUsable(t.db, token)).toBe(true);
    expect(await isResetLinkUsable(t.db, token)).toBe(true);
    await resetPassword(t.db, token, 'efgh5678');
    // Used once: no longer usable.
    expect(await isResetLinkUsable(t.db, token)).toBe(false);
  });

  it('an expired, unknown or empty token is not usable', async () => {
    const c = await createCustomer(t.db, { email: 'old.link@example.com', firstName: 'Ol', lastName: 'D', password: 'abcd1234' });
    expect(await isResetLinkUsable(t.db, await link(c.id, -1000))).toBe(false);
    expect(await isResetLinkUsable(t.db, randomBytes(32).toString('base64url'))).toBe(false);
    expect(await isResetLinkUsable(t.db, '')).toBe(false);
  });
});
