import type { Db } from '../../db/database.ts';
import type { AuthorizeResult, PaymentGateway } from '../../payments/gateway.ts';
import { storeCardPayer } from '../../store-card/store-card-payer.ts';
import type { CheckoutPaymentSource } from '../checkout-store.ts';
import { WEB_PAYMENT_MESSAGES, type WebPaymentProvider } from '../../payments/web-payment.ts';

/**
 * What the placement asks of whatever pays the order: hold the amount due under the attempt's id (safe to repeat:
 * the same reference holds once), and let go of a hold when the order cannot be written. Three kinds satisfy it: the
 * card gateway (an authorization at the provider), the store card (a hold on the account's credit, in the store's
 * own database: src/server/store-card/) and the web payment provider (PayPal: the shopper's approved order is
 * authorized). Recovery gives back all three under the attempt's id (recovery.ts).
 */
export interface Payer {
  authorize(request: { amountCents: number; reference: string; securityCode?: string }): Promise<AuthorizeResult>;
  void(authorizationId: string, reference: string): Promise<void>;
}

export function payerFor(db: Db, gateway: PaymentGateway, source: CheckoutPaymentSource | undefined): Payer {
  if (source?.kind === 'store-card') return storeCardPayer(db, source.accountId);
  return {
    authorize: ({ amountCents, reference, securityCode }) => {
      if (!source) throw new Error('no card on the attempt');
      return gateway.authorize({
        source,
        ...(source.kind === 'saved' && securityCode ? { securityCode } : {}),
        amountCents,
        currency: 'USD',
        reference,
      });
    },
    void: (authorizationId) => gateway.void(authorizationId),
  };
}

/**
 * The wallet (Apple Pay) as a Payer: the card token the payment sheet handed over is authorized at the card gateway,
 * with the attempt id as its idempotency key, as a card entered at the payment step is. It is not the bag's card, so
 * a refusal leaves the bag's own payment alone.
 */
export function walletPayer(gateway: PaymentGateway, cardToken: string): Payer {
  return {
    authorize: ({ amountCents, reference }) =>
      gateway.authorize({ source: { kind: 'token', token: cardToken }, amountCents, currency: 'USD', reference }),
    void: (authorizationId) => gateway.void(authorizationId),
  };
}

/**
 * The web payment provider as a Payer: the shopper approved the provider's order for the amount due (the server set
 * it when the order was made, web-payment-checkout.ts); authorizing holds it. The request id comes from the attempt
 * id, so a retry of this attempt gets the first answer and never a second hold. A declined funding source is a
 * refusal with the shopper's words; no answer is a timeout (recovery asks the provider about the order).
 */
export function webPaymentPayer(provider: WebPaymentProvider, orderId: string): Payer {
  return {
    authorize: async ({ reference }) => {
      const outcome = await provider.authorizeOrder(orderId, webPaymentRequestId(reference, 'authorize'));
      if (outcome.ok) return outcome;
      if (outcome.code === 'timeout') return { ok: false, code: 'timeout', message: WEB_PAYMENT_MESSAGES.timeout };
      return { ok: false, code: 'declined', message: WEB_PAYMENT_MESSAGES[outcome.code] };
    },
    void: async (authorizationId) => {
      await provider.voidAuthorization(authorizationId);
    },
  };
}

/** A web payment call's request id for an attempt: one per attempt and operation. */
export const webPaymentRequestId = (attemptId: string, operation: 'authorize' | 'capture') => `${attemptId}:${operation}`;
