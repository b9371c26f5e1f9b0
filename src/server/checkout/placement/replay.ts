import type { Db } from '../../db/database.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import { attemptByKey, LEASE_MARGIN_MS, storedReply } from './attempt-log.ts';
import type { PlacementReply } from '#src/lib/checkout/placement-result.ts';
import { failed, KEY_REUSED } from './placement-types.ts';
import { recoverAttempt, type WebPaymentSource } from './recovery.ts';

const WAIT_STEP_MS = 25;

/**
 * Another request holds this key: its reply is ours once stored (replayed), as long as it was the same request.
 * While it is still being placed the request waits, up to the attempt's lease; an attempt past its lease (its
 * process died) is settled here and its reply is ours. 409 when it cannot be settled yet.
 */
export async function awaitReply(
  db: Db,
  gateway: PaymentGateway,
  key: string,
  hash: string,
  leaseMs: number,
  web?: WebPaymentSource,
): Promise<PlacementReply> {
  const deadline = Date.now() + leaseMs + LEASE_MARGIN_MS + 5_000;
  for (;;) {
    const row = await attemptByKey(db, key);
    if (row && row.request_hash !== hash) {
      return failed(422, KEY_REUSED, null, 0);
    }
    if (row?.state === 'done' && row.reply) return storedReply(row.reply_status ?? 200, row.reply, true);
    const lapsed = row?.state === 'authorizing' && row.lease_until < new Date().toISOString();
    if ((lapsed && !(await recoverAttempt(db, gateway, row.id, new Date(), web))) || Date.now() > deadline) {
      return failed(409, 'Your order is still being placed. Please wait a moment and refresh.', null, 0);
    }
    if (!lapsed) await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
  }
}
