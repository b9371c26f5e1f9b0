import type { Db } from '../../db/database.ts';
import { WebPaymentRequestConflict } from '../web-payment.ts';

/**
 * PayPal-Request-Id, as the sandbox keeps it: the first call with an operation's request id inserts its row (one
 * atomic statement: of concurrent calls one insert wins), does the work and stores the answer; every other call with
 * it reads that answer. A call that fails gives the id back, as a request PayPal never answered.
 */
const POLL_MS = 10;

export async function once<T>(db: Db, key: string, fingerprint: string, timeoutMs: number, work: () => Promise<T>): Promise<T | 'timeout'> {
  const k = db.kysely;
  const inserted = await k
    .insertInto('paypal_sandbox_requests')
    .values({ request_key: key, fingerprint, reply: null, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('request_key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) {
    try {
      const result = await work();
      await k
        .updateTable('paypal_sandbox_requests')
        .set({ reply: JSON.stringify(result) })
        .where('request_key', '=', key)
        .execute();
      return result;
    } catch (err) {
      await k.deleteFrom('paypal_sandbox_requests').where('request_key', '=', key).execute();
      throw err;
    }
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await k.selectFrom('paypal_sandbox_requests').select(['fingerprint', 'reply']).where('request_key', '=', key).executeTakeFirst();
    if (row && row.fingerprint !== fingerprint) throw new WebPaymentRequestConflict('This request id was used with other parameters.');
    if (row?.reply) return JSON.parse(row.reply) as T;
    if (Date.now() > deadline) return 'timeout';
    // No row: the first call failed and gave the id back; this call may claim it now.
    if (!row) return once(db, key, fingerprint, Math.max(0, deadline - Date.now()), work);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
