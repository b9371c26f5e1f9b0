import type { Bag } from '#src/lib/commerce/bag.ts';
import type { CheckoutAddress } from '#src/lib/checkout/checkout-types.ts';
import type { PlacementReply } from '#src/lib/checkout/placement-result.ts';
import type { Tx } from '../../db/transaction.ts';
import type { CardOnFile } from '../../payments/gateway.ts';

/** What placing an order takes and answers (the flow: place-order.ts). */

export interface PlacementRequest {
  bagId: string;
  customerId: string | null;
  idempotencyKey: string;
  /** The request as the shopper sent it, without the security code: the same key with another body is refused (422). */
  body: unknown;
  /** A saved card's security code: sent to the gateway with the authorization, never stored, hashed or logged. */
  securityCode?: string;
  /** The order total the shopper saw, in cents. */
  expectedTotal: number;
  /** What the shopper saw left for the card once gift cards paid theirs, in cents (absent: expectedTotal). */
  expectedAmountDue?: number;
  /** payment_place_order/create: refused when there is nothing left for a card to pay. */
  requirePayment?: boolean;
  /** Paid through the web payment provider (PayPal): the order the shopper approved there. */
  webPayment?: { orderId: string };
  /** Paid with the wallet (Apple Pay): what the payment sheet handed over (src/server/wallet/wallet-payment.ts). */
  wallet?: WalletPlacement;
}

/**
 * The wallet's payment as the claim takes it: the sheet's contacts (already checked by the address schema) become
 * the checkout's, its card token pays, and its merchant session is spent in the claim's transaction (`spendSession`
 * answers whether it was good for this payment), so a replay of the key gets the first reply and no other key can
 * pay with the session again.
 */
export interface WalletPlacement {
  sessionId: string;
  spendSession(tx: Tx, sessionId: string): Promise<boolean>;
  /** The card sandbox token and what the gateway says of its card; null when the gateway does not know it (or it was used). */
  cardToken: string;
  card: CardOnFile | null;
  shippingAddress: CheckoutAddress;
  billingAddress: CheckoutAddress;
  email: string;
}

export const ORDER_BEING_PLACED = 'Your order is already being placed.';
export const EXPRESS_NOT_OFFERED = 'Express checkout is not available for this bag. Please check out to pay by card.';
export const WALLET_SESSION_REFUSED = 'This Apple Pay payment has expired or was already used. Please start Apple Pay again.';
export const WALLET_CARD_REFUSED = 'Apple Pay could not use this card. Please try again or choose another way to pay.';
export const KEY_REUSED = 'This idempotency key was already used for a different request.';
export const NOTHING_TO_PAY = 'This order has nothing to pay: place it without a payment.';

/**
 * A placement that ends without an order: the message, and the bag as it is now when there is one to show. The
 * attempt keeps the result as it is (a retry with the key is answered with it: the endpoint converts it again, to the
 * same bytes).
 */
export function failed(status: number, message: string, bag: Bag | null, orderTotal: number): PlacementReply {
  return {
    status,
    replayed: false,
    result: {
      confirmationStatus: 'failed',
      orderNo: null,
      orderId: null,
      orderTotal,
      message,
      bag,
      basketId: bag?.basketId ?? null,
    },
  };
}
