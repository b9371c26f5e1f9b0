import type { Db } from '../db/database.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { ORDER_TECHNICAL_PROBLEM } from '#src/lib/checkout/order-messages.ts';
import { abandonAttempt, voidByReference, type PlacementReply } from './place-order.ts';

const BATCH = 50;

/**
 * The recovery sweep: an attempt still 'authorizing' after its lease belongs to a process that died (or lost the
 * database) between authorizing and committing. What the gateway holds under its reference is voided, its stock and
 * bag are given back, and its key answers with a technical error from then on. Run at start-up and by the sweeper;
 * safe on every instance at once (the abandon step locks the attempt and skips one already done).
 */
export async function recoverAbandonedAttempts(db: Db, gateway: PaymentGateway, now = new Date()): Promise<number> {
  const stale = await db.kysely
    .selectFrom('checkout_attempts')
    .select(['id', 'basket_id', 'snapshot'])
    .where('state', '=', 'authorizing')
    .where('lease_until', '<', now.toISOString())
    .limit(BATCH)
    .execute();
  let recovered = 0;
  for (const attempt of stale) {
    if (!attempt.snapshot || !(await voidByReference(gateway, attempt.id))) continue;
    const failed = (): PlacementReply => ({
      status: 503,
      replayed: false,
      result: {
        confirmationStatus: 'failed',
        orderNo: null,
        orderId: null,
        orderTotal: 0,
        message: ORDER_TECHNICAL_PROBLEM,
        basket: null,
        basketId: attempt.basket_id,
      },
    });
    await abandonAttempt(db, attempt.id, attempt.basket_id, JSON.parse(attempt.snapshot), failed);
    recovered++;
  }
  return recovered;
}
