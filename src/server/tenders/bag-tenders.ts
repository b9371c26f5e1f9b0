import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { preparedWrite } from '../db/prepared.ts';
import { withWriteTransaction, type Tx } from '../db/transaction.ts';
import { sendTogether } from '../db/write-batch.ts';
import { lockOpenBasket, touchBag } from '../commerce/basket-lock.ts';
import { CommerceError } from '../commerce/errors.ts';
import { refuseTenderFor } from './tender-checks.ts';
import { verifyIn } from '../gift-cards/verify.ts';
import { Refusal } from '../refusal.ts';
import { GIFT_CARD_REFUSED, GIFT_CARD_TOO_MANY_TRIES, maskedGiftCardNumber, typedGiftCardNumber } from '#src/lib/gift-cards/gift-card-rules.ts';
import { CODE_APPLIED, codeError, MAX_DISCOUNTS } from '#src/lib/promo-code.ts';
import { appliedMessage } from '#src/lib/tenders/tender-rules.ts';
import {
  GIFT_CARD_EMPTY,
  GIFT_CARD_METHOD,
  MAX_TENDERS_PER_BASKET,
  TENDER_ALREADY_APPLIED,
  TENDER_NOT_ON_BAG,
} from '#src/lib/tenders/tender-split.ts';

/**
 * Tenders on a bag (bag_tenders): a gift card is applied from the code field with its PIN and taken off by its
 * paymentInstrumentId, while the bag is open and not being placed (lockOpenBasket). What each pays is not stored:
 * the bag is priced from its cards' ledgers at every read (basket-pricer.ts, src/lib/tenders/tender-split.ts), and
 * the placement's claim debits them (src/server/checkout/placement/claim.ts).
 */

/**
 * Applies a gift card to the bag: its number and PIN are verified first (verify.ts: the same answer for an unknown
 * number and a wrong PIN, each failure counted against the number and the client). A bag the tender rules refuse
 * gift cards (tender-checks.ts), a card already on the bag, a card with nothing left and a bag at
 * MAX_TENDERS_PER_BASKET are refused. Returns the tender's id.
 *
 * One write transaction: the check, which reads the card's balance and holds the card's and the client's wrong-try
 * counters until it ends, then the bag locked, its lines and tenders read for the tender rules, and the tender
 * written with the bag's time in one statement. A refusal of the number or PIN commits (its
 * failure is counted); any other refusal rolls the whole back, counters untouched.
 */
export async function applyGiftCard(
  db: Db,
  basketId: string,
  rawNumber: string,
  pin: string,
  client: string,
): Promise<{ id: string; message: string }> {
  const invalid = codeError(rawNumber, pin);
  if (invalid) throw new CommerceError('invalid', invalid);
  const applied = await withWriteTransaction(db, async (tx) => {
    const verified = await verifyIn(tx, typedGiftCardNumber(rawNumber), pin, client);
    if (!verified.ok) return verified;
    await lockOpenBasket(tx, basketId);
    // The bag's tenders are read with its lines after the lock: read before it, they could predate a tender applied
    // while this waited for it.
    const { lines, tenders } = await refuseTenderFor(tx, basketId, GIFT_CARD_METHOD);
    if (tenders.some((t) => t.giftCardId === verified.cardId)) throw new CommerceError('conflict', TENDER_ALREADY_APPLIED);
    if (tenders.length >= MAX_TENDERS_PER_BASKET) throw new CommerceError('conflict', MAX_DISCOUNTS);
    if (verified.balance <= 0) throw new CommerceError('unprocessable', GIFT_CARD_EMPTY);
    const id = randomUUID();
    const now = new Date().toISOString();
    const tender = insertTender.compiled(
      tx,
      id,
      basketId,
      verified.cardId,
      maskedGiftCardNumber(verified.last4),
      Math.max(-1, ...tenders.map((t) => t.position)) + 1,
      now,
    );
    await sendTogether(tx, [tender], touchBag.compiled(tx, basketId, now));
    return { ok: true as const, id, message: appliedMessage(CODE_APPLIED, lines) };
  });
  if (!applied.ok) {
    // Too many wrong tries is a 429, as at the balance check.
    if (applied.reason === 'too_many_tries') throw new Refusal(GIFT_CARD_TOO_MANY_TRIES, 429);
    throw new CommerceError('invalid', GIFT_CARD_REFUSED);
  }
  return { id: applied.id, message: applied.message };
}

const insertTender = preparedWrite((tx: Tx, id: string, basketId: string, cardId: string, masked: string, position: number, now: string) =>
  tx.insertInto('bag_tenders').values({
    id,
    basket_id: basketId,
    method: GIFT_CARD_METHOD,
    gift_card_id: cardId,
    masked_number: masked,
    position,
    created_at: now,
  }),
);

const deleteTender = preparedWrite((tx: Tx, id: string, basketId: string) =>
  tx.deleteFrom('bag_tenders').where('id', '=', id).where('basket_id', '=', basketId),
);

/** Takes a tender off the bag. */
export async function removeTender(db: Db, basketId: string, paymentInstrumentId: string): Promise<void> {
  await withWriteTransaction(db, async (tx) => {
    await lockOpenBasket(tx, basketId);
    if ((await deleteTender(tx, paymentInstrumentId, basketId)) === 0) throw new CommerceError('not_found', TENDER_NOT_ON_BAG);
    await touchBag(tx, basketId, new Date().toISOString());
  });
}
