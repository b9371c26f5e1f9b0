import type { Db } from '../../db/database.ts';
import type { AuthorizeResult, PaymentGateway } from '../../payments/gateway.ts';
import { storeCardPayer } from '../../store-card/store-card-payer.ts';
import type { CheckoutPaymentSource } from '../checkout-store.ts';

/**
 * What the placement asks of whatever pays the order: hold the amount due under the attempt's id (safe to repeat:
 * the same reference holds once), and let go of a hold when the order cannot be written. Two kinds satisfy it: the
 * card gateway (an authorization at the provider) and the store card (a hold on the account's credit, in the store's
 * own database: src/server/store-card/). Recovery gives back both under the attempt's id (recovery.ts).
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
