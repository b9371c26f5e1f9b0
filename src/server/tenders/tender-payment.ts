import type { Tx } from '../db/transaction.ts';
import { debit } from '../gift-cards/ledger.ts';
import type { AppliedTender } from '#src/lib/commerce/bag.ts';
import type { TenderMethod } from '#src/lib/tenders/tender-split.ts';

/** A tender as an order keeps it: what it paid, and the card it drew on. */
export interface PaidTender {
  paymentInstrumentId: string;
  method: TenderMethod;
  giftCardId: string | null;
  maskedNumber: string;
  amount: number;
}

/**
 * Debits each gift card tender of the bag for what the priced bag says it pays, inside the placement's claim and
 * under its attempt (ledger.ts: once per attempt and card). Cards are debited in id order, as every path that locks
 * several does, so two claims sharing cards cannot deadlock. Null when a card now holds less than its share (another
 * order spent it since the bag was priced): the total the shopper saw no longer holds, and the caller rolls the
 * debits back.
 */
export async function debitTenders(tx: Tx, attemptId: string, bagId: string, shares: AppliedTender[]): Promise<PaidTender[] | null> {
  const paying = shares.filter((s) => s.amount > 0);
  if (paying.length === 0) return [];
  const rows = await tx.selectFrom('bag_tenders').select(['id', 'gift_card_id']).where('basket_id', '=', bagId).execute();
  const cardOf = new Map(rows.map((r) => [r.id, r.gift_card_id]));
  const paid = paying.map((s) => ({
    paymentInstrumentId: s.paymentInstrumentId,
    method: s.paymentMethodId,
    giftCardId: cardOf.get(s.paymentInstrumentId) ?? null,
    maskedNumber: s.maskedNumber,
    amount: s.amount,
  }));
  for (const t of [...paid].sort((a, b) => (a.giftCardId ?? '').localeCompare(b.giftCardId ?? ''))) {
    if (!t.giftCardId) return null;
    if ((await debit(tx, t.giftCardId, attemptId, t.amount)) !== t.amount) return null;
  }
  return paid;
}

/** The order's tenders, in the order they paid. */
export async function writeOrderTenders(tx: Tx, orderId: string, tenders: PaidTender[]): Promise<void> {
  if (tenders.length === 0) return;
  await tx
    .insertInto('order_tenders')
    .values(
      tenders.map((t, position) => ({
        order_id: orderId,
        position,
        method: t.method,
        gift_card_id: t.giftCardId,
        masked_number: t.maskedNumber,
        amount_cents: t.amount,
      })),
    )
    .execute();
}
