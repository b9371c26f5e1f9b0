import { emitSiteError, EXPRESS_CHECKOUT_FLOW } from '../analytics.ts';
import { callApi } from '../api-client.ts';
import { API } from '../api/contract.ts';
import { EXPRESS_TOTAL_CHANGED_AGAIN, EXPRESS_TOTAL_TO_REVIEW, ORDER_TECHNICAL_PROBLEM } from '../checkout/order-messages.ts';
import { serverMessageOr } from '../errors.ts';
import { $bag } from './bag.ts';
import { forgetPerksStatus } from './perks-forget.ts';

/**
 * Express checkout with the web payment provider (checkout spec §4 "Express checkout", §8): the two calls the buttons
 * make (the buttons' configuration is in ./express-buttons.ts). Both are sent once per
 * press: a double click, or PayPal's buttons calling back twice, get the first call's answer, and the approval is
 * placed under the key its order was made with, so the server replays the first placement.
 */

export type From = 'bag' | 'payment';
type Made = { ok: true; id: string } | { ok: false; message: string };

let making: Promise<Made> | null = null;
/** The Idempotency-Key each provider order was made with, by its id. */
const keys = new Map<string, string>();

/** Makes the provider's order for the bag (POST /api/checkout/paypal/order/); a call while one is on its way joins it. */
export function createExpressOrder(from: From): Promise<Made> {
  making ??= (async (): Promise<Made> => {
    const key = crypto.randomUUID();
    const r = await callApi(API.createExpressOrder, { from }, { headers: { 'idempotency-key': key }, flow: EXPRESS_CHECKOUT_FLOW });
    if (!r.ok) return { ok: false, message: serverMessageOr(r, ORDER_TECHNICAL_PROBLEM) };
    keys.set(r.body.id, key);
    return { ok: true, id: r.body.id };
  })().finally(() => {
    making = null;
  });
  return making;
}

/** `review`: the total for PayPal's address is not the approved one; the shopper confirms it on the review page. */
export type Placed = { ok: true } | { ok: false; message: string; review?: true };
const placing = new Map<string, Promise<Placed>>();

/**
 * The shopper approved the provider's order: ours is placed (PUT /api/checkout/paypal/order/update/). Confirmed, the
 * bag is gone; otherwise the alert shows the reply's message or the generic technical error, the failure is reported
 * tagged express checkout, and a returned bag is stored. A second approval of the same order gets the first answer.
 */
export function placeExpressOrder(approval: { orderId: string; payerId: string | null; from: From; amountDue?: number }): Promise<Placed> {
  const known = placing.get(approval.orderId);
  if (known) return known;
  const placed = sendPlacement(approval);
  placing.set(approval.orderId, placed);
  // A lost reply may be asked again (the server replays), and a total changed since it was shown may be placed for
  // the new total; any other definite answer stays the answer.
  void placed.then((p) => {
    if (!p.ok && (p.message === ORDER_TECHNICAL_PROBLEM || p.message === EXPRESS_TOTAL_CHANGED_AGAIN)) placing.delete(approval.orderId);
  });
  return placed;
}

async function sendPlacement({ orderId, payerId, from, amountDue }: Parameters<typeof placeExpressOrder>[0]): Promise<Placed> {
  const key = keys.get(orderId);
  const r = await callApi(
    API.placeExpressOrder,
    {
      basketId: $bag.get()?.basketId ?? null,
      orderId,
      payerId: payerId ?? '',
      checkoutFromCart: from === 'bag',
      ...(amountDue === undefined ? {} : { amountDue }),
    },
    { headers: key ? { 'idempotency-key': key } : {}, flow: EXPRESS_CHECKOUT_FLOW },
  );
  const result = r.ok || r.body ? r.body : undefined;
  if (result?.confirmationStatus === 'confirmed') {
    forgetPerksStatus();
    return { ok: true };
  }
  if (!r.ok && r.status === 409 && r.message === EXPRESS_TOTAL_TO_REVIEW) return { ok: false, message: r.message, review: true };
  if (result?.basket) $bag.set(result.basket);
  const message = result?.message ?? (r.ok ? ORDER_TECHNICAL_PROBLEM : serverMessageOr(r, ORDER_TECHNICAL_PROBLEM));
  // A 2xx reply that did not confirm was not reported by the API client: report it here, tagged the same way.
  if (r.ok) emitSiteError({ message, status: 200, path: API.placeExpressOrder.path, flow: EXPRESS_CHECKOUT_FLOW });
  return { ok: false, message };
}
