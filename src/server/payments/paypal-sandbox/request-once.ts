import type { Db } from '../../db/database.ts';
import { prepared, preparedWrite } from '../../db/prepared.ts';
import type { Tx } from '../../db/transaction.ts';
import { WebPaymentRequestConflict } from '../web-payment.ts';

/**
 * PayPal-Request-Id, as the sandbox keeps it: the first call with an operation's request id inserts its row (one
 * atomic statement: of concurrent calls one insert wins), does the work and stores the answer; every other call with
 * it reads that answer. A call that fails gives the id back, as a request PayPal never answered.
 */
const POLL_MS = 10;

// Each is sent with every PayPal call: compiled once (db/prepared.ts).
const claimKey = preparedWrite((tx: Tx, key: string, fingerprint: string, now: string) =>
  tx
    .insertInto('paypal_sandbox_requests')
    .values({ request_key: key, fingerprint, reply: null, created_at: now })
    .onConflict((oc) => oc.column('request_key').doNothing()),
);
const keepReply = preparedWrite((tx: Tx, key: string, reply: string) =>
  tx.updateTable('paypal_sandbox_requests').set({ reply }).where('request_key', '=', key),
);
const requestRow = prepared((tx: Tx, key: string) =>
  tx.selectFrom('paypal_sandbox_requests').select(['fingerprint', 'reply']).where('request_key', '=', key),
);

export async function once<T>(db: Db, key: string, fingerprint: string, timeoutMs: number, work: () => Promise<T>): Promise<T | 'timeout'> {
  const k = db.kysely;
  if ((await claimKey(k, key, fingerprint, new Date().toISOString())) > 0) {
    try {
      const result = await work();
      await keepReply(k, key, JSON.stringify(result));
      return result;
    } catch (err) {
      await k.deleteFrom('paypal_sandbox_requests').where('request_key', '=', key).execute();
      throw err;
    }
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await requestRow(k, key);
    if (row && row.fingerprint !== fingerprint) throw new WebPaymentRequestConflict('This request id was used with other parameters.');
    if (row?.reply) return JSON.parse(row.reply) as T;
    if (Date.now() > deadline) return 'timeout';
    // No row: the first call failed and gave the id back; this call may claim it now.
    if (!row) return once(db, key, fingerprint, Math.max(0, deadline - Date.now()), work);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
