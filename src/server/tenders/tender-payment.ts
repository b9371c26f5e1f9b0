import type { CompiledQuery } from 'kysely';
import { preparedRowWrite } from '../db/prepared.ts';
import type { OrderTenderTable } from '../db/schema-tenders.ts';
import type { Tx } from '../db/transaction.ts';
import { balance, debitLeaving, debitLockedCard } from '../gift-cards/ledger.ts';
// Named apart from React's hooks, which the linter reads a use… call as.
import { CertificateRefusal, releaseCertificate, useCertificate as takeCertificate } from '../rewards/certificates.ts';
import { releaseRewards, spendRewards } from '../rewards/rewards-dollars.ts';
import type { AppliedTender } from '#src/lib/commerce/bag.ts';
import { BRAND_PROGRAMMES, type BrandProgrammeId } from '#src/lib/rewards/programmes.ts';
import { GIFT_CARD_METHOD, type TenderMethod } from '#src/lib/tenders/tender-split.ts';

/** A tender as an order keeps it: what it paid, and the card or certificate it drew on. */
export interface PaidTender {
  paymentInstrumentId: string;
  method: TenderMethod;
  giftCardId: string | null;
  /** Absent from snapshots written before certificates were tenders. */
  certificateId?: string | null;
  maskedNumber: string;
  amount: number;
  /** A gift card's balance once debited (absent from snapshots written before it was kept; null for other tenders). */
  balanceLeft?: number | null;
}

/** What a tender of the bag draws on, as the claim read it with the bag (basket-load.ts). */
export interface TenderSource {
  id: string;
  giftCardId: string | null;
  certificateId: string | null;
  programme: string | null;
  customerId: string | null;
}

/**
 * Spends each tender of the bag for what the priced bag says it pays, inside the placement's claim and under its
 * attempt (each kind once per attempt): certificates are used (useCertificate: a certificate is used whole, whatever
 * part of it the order needed), rewards dollars spent (spendRewards), gift cards debited (ledger.ts). The gift cards
 * are locked first, by the claim's first statement, then stock, certificates and rewards dollars are taken, each kind
 * in id order, as abandonAttempt gives them back, so two claims or a claim and an abandon sharing any of them cannot
 * deadlock (a card applied while the claim waited for the bag is locked last: a deadlock there is retried). Null when
 * one pays less than its share (spent or used by another order since the bag was priced, or a reward tender of an
 * account other than the one placing): the total the shopper saw no longer holds, and the caller rolls everything
 * back. `lockedCards`: the gift cards the caller's transaction has already locked (debited in one statement each; any
 * other is locked first).
 */
export async function debitTenders(
  tx: Tx,
  attemptId: string,
  shares: AppliedTender[],
  sources: readonly TenderSource[],
  customerId: string | null = null,
  lockedCards: ReadonlySet<string> = new Set(),
): Promise<PaidTender[] | null> {
  const paying = shares.filter((s) => s.amount > 0);
  if (paying.length === 0) return [];
  const rowOf = new Map(sources.map((r) => [r.id, r]));
  const paid = paying.map((s) => {
    const row = rowOf.get(s.paymentInstrumentId);
    return {
      paymentInstrumentId: s.paymentInstrumentId,
      method: s.paymentMethodId,
      giftCardId: row?.giftCardId ?? null,
      certificateId: row?.certificateId ?? null,
      programme: row?.programme ?? null,
      owner: row?.customerId ?? null,
      maskedNumber: s.maskedNumber,
      amount: s.amount,
    };
  });
  const byKey = (key: (t: (typeof paid)[number]) => string | null) =>
    paid.filter((t) => key(t) !== null).sort((a, b) => (key(a) ?? '').localeCompare(key(b) ?? ''));
  if (paid.some((t) => t.method !== GIFT_CARD_METHOD && (t.owner === null || t.owner !== customerId))) return null;
  for (const t of byKey((x) => x.certificateId)) {
    try {
      await takeCertificate(tx, t.certificateId!, attemptId);
    } catch (err) {
      if (err instanceof CertificateRefusal) return null;
      throw err;
    }
  }
  for (const t of byKey((x) => x.programme)) {
    const rewardBrand = BRAND_PROGRAMMES[t.programme as BrandProgrammeId].rewardBrand;
    if ((await spendRewards(tx, t.owner!, rewardBrand, attemptId, t.amount)) !== t.amount) return null;
  }
  const left = new Map<string, number>();
  for (const t of byKey((x) => x.giftCardId)) {
    const card = t.giftCardId!;
    if (lockedCards.has(card)) {
      // Locked by the claim's first statement: the debit and the balance it leaves are one statement.
      const held = await debitLockedCard(tx, card, attemptId, t.amount);
      if (held === null) return null;
      left.set(card, held - t.amount);
      continue;
    }
    // The attempt was opened in this claim: its debit is the card's first (ledger.ts), and what it leaves is known.
    const { taken, left: after } = await debitLeaving(tx, card, attemptId, t.amount, { fresh: true });
    if (taken !== t.amount) return null;
    left.set(card, after ?? (await balance(tx, card)));
  }
  if (paid.some((t) => !t.giftCardId && !t.certificateId && !t.programme)) return null;
  return paid.map(({ paymentInstrumentId, method, giftCardId, certificateId, maskedNumber, amount }) => ({
    paymentInstrumentId,
    method,
    giftCardId,
    certificateId,
    maskedNumber,
    amount,
    balanceLeft: giftCardId ? (left.get(giftCardId) ?? null) : null,
  }));
}

/**
 * Gives back what the attempt took from certificates and rewards dollars, in the order the claim takes them: in the
 * transaction that ends the attempt, each kind once (running it again gives nothing). Its gift cards are reversed
 * before its stock is given back (recovery.ts), as the claim locks them first (attempt-log.ts).
 */
export async function releaseTenders(tx: Tx, attemptId: string): Promise<void> {
  await releaseCertificate(tx, attemptId);
  await releaseRewards(tx, attemptId);
}

/** The statements that write the order's tenders, in the order they paid (sent with the commit's others). */
export function orderTenderWrites(tx: Tx, orderId: string, tenders: PaidTender[]): CompiledQuery[] {
  // One statement per tender (at most MAX_TENDERS_PER_BASKET), each compiled once, rather than one multi-row
  // insert whose SQL changes with the count.
  return tenders.map((t, position) =>
    insertOrderTender.compiled(tx, {
      order_id: orderId,
      position,
      method: t.method,
      gift_card_id: t.giftCardId,
      certificate_id: t.certificateId ?? null,
      masked_number: t.maskedNumber,
      amount_cents: t.amount,
      balance_left_cents: t.balanceLeft ?? null,
    }),
  );
}

/* The order's tender rows, compiled once (db/prepared.ts): they run on the connection every request waits for. */
const insertOrderTender = preparedRowWrite(
  ['order_id', 'position', 'method', 'gift_card_id', 'certificate_id', 'masked_number', 'amount_cents', 'balance_left_cents'],
  (tx: Tx, row: Pick<OrderTenderTable, keyof OrderTenderTable>) => tx.insertInto('order_tenders').values(row),
);
