import { GIFT_CARD_REFUSED, GIFT_CARD_TOO_MANY_TRIES, maskedGiftCardNumber } from '#src/lib/gift-cards/gift-card-rules.ts';
import type { GiftCardBalance, GiftCardBalanceInput } from '#src/lib/gift-cards/gift-card-rules.ts';
import { getDb } from '../db/database.ts';
import { Refusal } from '../refusal.ts';
import { verify } from './verify.ts';
import type { GiftCardsApi, Implementation } from '#src/lib/commerce-api/commerce-api.ts';
import type { CallSession } from '../session/call-session.ts';

/** A gift card the store will not use: an unknown number or a wrong PIN (400), or too many wrong tries (429). */
export class GiftCardRefusal extends Refusal {}

/** The gift card facade: a shopper's balance check. */
export async function checkGiftCardBalance(input: GiftCardBalanceInput, client: string): Promise<GiftCardBalance> {
  const db = await getDb();
  const verified = await verify(db, input.gitfCardNumber, input.giftCardPin, client);
  if (!verified.ok) {
    throw verified.reason === 'too_many_tries' ? new GiftCardRefusal(GIFT_CARD_TOO_MANY_TRIES, 429) : new GiftCardRefusal(GIFT_CARD_REFUSED, 400);
  }
  return { maskedNumber: maskedGiftCardNumber(verified.last4), balance: verified.balance };
}

/** The gift cards resource of the commerce API (src/lib/commerce-api/commerce-api.ts GiftCardsApi). */
export const giftCardsOperations: Implementation<CallSession, GiftCardsApi> = {
  balance: (call, input) => checkGiftCardBalance(input, call.client),
};
