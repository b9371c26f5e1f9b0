import type * as v from 'valibot';
import type { Db } from '../db/database.ts';
import { Refusal } from '../refusal.ts';
import { readCheckout, type StoredPayment } from './checkout-store.ts';
import type { PaymentStepSchema } from '#src/lib/checkout/checkout-schemas.ts';
import { STORE_CARD_NOT_VERIFIED, STORE_CARD_TOO_MANY_TRIES } from '#src/lib/store-card/store-card-messages.ts';
import { storeCardAccountOf, storeCardUnavailable } from '#src/lib/store-card/store-card-rules.ts';
import { ownStoreCard, type StoreCardAccount, verifyStoreCard } from '../store-card/accounts.ts';
import { readBasket } from '../commerce/basket-read.ts';
import { storeCardPayment } from '../store-card/store-card-payment.ts';

/** The holder's saved store card the step names, by its account id; null for any other choice. */
export const storeCardInstrumentOf = (input: { paymentInstrumentId?: string | undefined }) =>
  input.paymentInstrumentId ? storeCardAccountOf(input.paymentInstrumentId) : null;

/**
 * The store card at the payment step: the holder's saved card (by its paymentInstrumentId), or a number typed into
 * the card form, verified by the account's billing ZIP code unless it is the signed-in shopper's own card
 * (accounts.ts), and refused with its available credit when that is less than what is left to pay. Null when the
 * step pays with something else.
 */
export async function storeCardToPay(
  db: Db,
  request: { basketId: string; customerId: string | null; client: string; input: v.InferOutput<typeof PaymentStepSchema> },
): Promise<Omit<StoredPayment, 'savedCardId'> | null> {
  const chosen = await storeCardAccountToPay(db, request);
  if (!chosen) return null;
  // Its available credit is weighed here, at the payment step, not first at Place Order (the bag's brands take store
  // cards: the facade asked before).
  const short = storeCardUnavailable(chosen.account, {
    storeCardOffered: true,
    amountDue: (await readBasket(db.kysely, request.basketId)).amountDue,
  });
  if (short) throw new Refusal(short, 422);
  return storeCardPayment(chosen.account, chosen.saved);
}

/** The store card the step names, and whether it is the holder's saved card (a perks membership takes a new card). */
async function storeCardAccountToPay(
  db: Db,
  request: Parameters<typeof storeCardToPay>[1],
): Promise<{ account: StoreCardAccount; saved: boolean } | null> {
  const { basketId, customerId, client, input } = request;
  const accountId = storeCardInstrumentOf(input);
  if (accountId) {
    if (!customerId) throw new Refusal('Please sign in to use a saved card.', 401);
    const own = await ownStoreCard(db, customerId, accountId);
    if (!own) throw new Refusal('That card is no longer in your profile.', 404);
    return { account: own, saved: true };
  }
  if (!input.storeCard) return null;
  const billing = input.billingSameAsShipping ? (await readCheckout(db.kysely, basketId)).shippingAddress : input.billingAddress;
  const verified = await verifyStoreCard(db, { number: input.storeCard.number, customerId, billingPostalCode: billing?.postalCode ?? null, client });
  if (!verified.ok)
    throw new Refusal(
      verified.reason === 'too_many_tries' ? STORE_CARD_TOO_MANY_TRIES : STORE_CARD_NOT_VERIFIED,
      verified.reason === 'too_many_tries' ? 429 : 400,
    );
  return { account: verified.account, saved: false };
}
