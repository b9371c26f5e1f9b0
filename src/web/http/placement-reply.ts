import type { AstroCookies } from 'astro';
import { placementToWire } from '#src/lib/api/wire.ts';
import type { PlacementReply, PlacementResult } from '#src/lib/checkout/placement-result.ts';
import { bodyReply, type Reply } from './api.ts';
import { writeOrderCookie } from './order-cookie.ts';

/**
 * A placement's reply as the shopper's browser receives it (place_order, PayPal's and the wallet's): the spec's order
 * result (src/lib/api/wire.ts placementToWire) with the status the engine gave, `Idempotent-Replayed: true` on a
 * replay, and for a confirmed order the order cookie that lets this browser open its confirmation.
 */
export function placementReply<R extends PlacementResult>(
  context: { cookies: AstroCookies; url: URL },
  { status, result, replayed }: Omit<PlacementReply, 'result'> & { result: R },
): Reply<ReturnType<typeof placementToWire<R>>> {
  if (result.confirmationStatus === 'confirmed' && result.orderId) writeOrderCookie(context, result.orderId);
  return bodyReply(status, placementToWire(result), result.message, replayed ? { 'idempotent-replayed': 'true' } : {});
}
