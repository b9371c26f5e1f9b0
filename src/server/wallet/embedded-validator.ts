import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Tx } from '../db/transaction.ts';
import { appleValidationUrl, MERCHANT_SESSION_MS, type MerchantValidator } from './merchant-validator.ts';

/**
 * The embedded merchant validator: offline, it answers a merchant session shaped like Apple's for any of Apple's
 * validation URLs (none is fetched), valid for five minutes and good for one payment. The session is kept in the
 * database (`wallet_merchant_sessions`) so the sandbox's payment token can name it and `useSession` can refuse a
 * session used before, expired or never issued, on any app instance.
 */
export const EMBEDDED_MERCHANT_ID = 'merchant.sandbox.sevenbrands';

export type SessionUse = 'ok' | 'used' | 'expired' | 'unknown';

export interface EmbeddedValidator extends MerchantValidator {
  /** Marks the session used by a payment: once. */
  useSession(sessionId: string): Promise<SessionUse>;
}

export function embeddedValidator(options: { database: () => Promise<Db>; now?: () => number }): EmbeddedValidator {
  const now = options.now ?? Date.now;
  return {
    name: 'embedded',
    async validate(request) {
      if (!appleValidationUrl(request.validationUrl)) return { ok: false, code: 'bad_url' };
      const issued = now();
      const id = randomBytes(16).toString('hex').toUpperCase();
      const db = await options.database();
      await db.kysely
        .insertInto('wallet_merchant_sessions')
        .values({
          id,
          domain_name: request.domainName,
          expires_at: new Date(issued + MERCHANT_SESSION_MS).toISOString(),
          used_at: null,
          created_at: new Date(issued).toISOString(),
        })
        .execute();
      return {
        ok: true,
        session: {
          epochTimestamp: issued,
          expiresAt: issued + MERCHANT_SESSION_MS,
          merchantSessionIdentifier: id,
          nonce: randomBytes(4).toString('hex'),
          merchantIdentifier: EMBEDDED_MERCHANT_ID,
          domainName: request.domainName,
          displayName: request.displayName,
          signature: randomBytes(32).toString('base64'),
          operationalAnalyticsIdentifier: `${request.displayName}:${randomUUID()}`,
          retries: 0,
          pspId: EMBEDDED_MERCHANT_ID,
        },
      };
    },
    async useSession(sessionId) {
      return spendMerchantSession((await options.database()).kysely, sessionId, new Date(now()));
    },
  };
}

/**
 * Marks a merchant session used by a payment, in the caller's transaction (the placement's claim): one conditional
 * UPDATE, so of concurrent uses of a session one changes the row, on any number of instances.
 */
export async function spendMerchantSession(tx: Tx, sessionId: string, when: Date): Promise<SessionUse> {
  const at = when.toISOString();
  const changed = await tx
    .updateTable('wallet_merchant_sessions')
    .set({ used_at: at })
    .where('id', '=', sessionId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) > 0) return 'ok';
  const row = await tx.selectFrom('wallet_merchant_sessions').select(['used_at']).where('id', '=', sessionId).executeTakeFirst();
  if (!row) return 'unknown';
  return row.used_at ? 'used' : 'expired';
}
