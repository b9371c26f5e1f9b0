import type { Tx } from '../db/transaction.ts';
import { readBasketDetailed } from '../commerce/basket-read.ts';
import type { LoadedTender } from '../commerce/basket-load.ts';
import { paymentMethodsFor } from '../content/payment-methods.ts';
import { Refusal } from '../refusal.ts';
import type { Bag } from '#src/lib/commerce/bag.ts';
import { type TenderRuleContext, tenderRefusal } from '#src/lib/tenders/tender-rules.ts';

/**
 * The tender rules (src/lib/tenders/tender-rules.ts) against the store's own settings: the methods each brand takes
 * (payment-methods.json) and each brand's name from the catalog. The apply asks them of the tender it adds, the
 * placement's claim of every tender still on the bag.
 */
async function ruleContext(tx: Tx): Promise<TenderRuleContext> {
  const names = new Map((await tx.selectFrom('brands').select(['code', 'name']).execute()).map((b) => [b.code, b.name]));
  return { methodsOf: (brand) => paymentMethodsFor([brand]), brandName: (brand) => names.get(brand) ?? brand };
}

/** Why a tender of this method may not pay for the bag as it is, or null. */
export async function tenderRefusalFor(tx: Tx, bag: Pick<Bag, 'lines'>, paymentMethodId: string): Promise<string | null> {
  return firstRefusal(tx, [paymentMethodId], bag.lines);
}

/**
 * The refusal of the first of these tender methods the rules refuse for the lines, or null. The rules are asked with
 * the brands' codes first: only a refusal, whose message names brands, reads their names.
 */
async function firstRefusal(tx: Tx, paymentMethodIds: readonly string[], lines: Bag['lines']): Promise<string | null> {
  const byCode: TenderRuleContext = { methodsOf: (brand) => paymentMethodsFor([brand]), brandName: (brand) => brand };
  const refused = paymentMethodIds.find((m) => tenderRefusal(m, lines, byCode));
  return refused ? tenderRefusal(refused, lines, await ruleContext(tx)) : null;
}

/**
 * Refuses (422, the message naming the brand or the items) a tender of this method for the bag as it is; answers the
 * bag's lines, which the applied message reads (tender-rules.ts appliedMessage), and the tenders on it as read with
 * them (in the caller's transaction, after it locked the bag: what the apply checks a new tender against).
 */
export async function refuseTenderFor(tx: Tx, basketId: string, paymentMethodId: string): Promise<{ lines: Bag['lines']; tenders: LoadedTender[] }> {
  const { view, tenders } = await readBasketDetailed(tx, basketId);
  const refusal = await tenderRefusalFor(tx, view, paymentMethodId);
  if (refusal) throw new Refusal(refusal, 422);
  return { lines: view.lines, tenders };
}

/** The first refusal of a tender on the bag as it is now, or null: a bag changed since its tenders were applied. */
export async function bagTenderRefusal(tx: Tx, bag: Pick<Bag, 'lines' | 'tenders'>): Promise<string | null> {
  return firstRefusal(
    tx,
    bag.tenders.map((t) => t.paymentMethodId),
    bag.lines,
  );
}
