import { holderError } from '#src/lib/checkout/card-rules.ts';
import { CARD_TECHNICAL_PROBLEM } from '#src/lib/checkout/card-messages.ts';
import { Refusal } from '../refusal.ts';
import type { CardOnFile, PaymentGateway, PaymentSource } from '../payments/gateway.ts';
import type { StoredPayment } from './checkout-store.ts';

/**
 * A card the browser just tokenized, as the store keeps it: what the gateway's own record says of it (brand, last
 * four, expiry, holder), never what the client claims. The holder is checked against the card form's name rule
 * here too (a provider may keep any text as the name), so no card number typed as a name is ever stored. Saving it
 * to the shopper's profile makes it a reusable payment method at the gateway, which spends the token; this order
 * then pays with that method.
 */
export const CARD_UNKNOWN = 'We could not read this card. Please enter it again.';

export async function cardFromGateway(
  gateway: PaymentGateway,
  token: string,
  save: { customerRef: string | null } | null,
): Promise<Omit<StoredPayment, 'savedCardId'>> {
  const ask = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (err) {
      console.error(`[checkout] the ${gateway.name} gateway did not describe a card`, (err as Error).name);
      throw new Refusal(CARD_TECHNICAL_PROBLEM, 503);
    }
  };
  const card = await ask(() => gateway.describeToken(token));
  if (!card) throw new Refusal(CARD_UNKNOWN, 400);
  const holder = holderError(card.holder);
  if (holder) throw new Refusal(holder, 400);
  if (!save) return { ...card, source: { kind: 'token', token } };
  const saved = await ask(() => gateway.saveCard({ token, customerRef: save.customerRef, reference: `save-${token}` }));
  if (!saved) throw new Refusal(CARD_UNKNOWN, 400);
  const source: PaymentSource = { kind: 'saved', paymentMethodId: saved.paymentMethodId, customerRef: saved.customerRef };
  return { ...withHolder(saved.card, card.holder), source };
}

/** A payment method's record may not carry the name (Stripe keeps it in billing details): the token's stands. */
const withHolder = (card: CardOnFile, holder: string): CardOnFile => ({ ...card, holder: card.holder || holder });
