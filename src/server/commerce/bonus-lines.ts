import { lineRow } from './bag-line-row.ts';
import { randomUUID } from 'node:crypto';
import type { Bag, LineChoice } from '#src/lib/commerce/bag.ts';
import type { Db } from '../db/database.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import { touchBag, touchBagLastAdded, tryLockOpenBasket } from './basket-lock.ts';
import { emptyBasket, readBasketDetailed } from './basket-read.ts';
import { BONUS_MESSAGES, claimRefusal, type ClaimRefusal } from './bonus-rules.ts';
import { CommerceError, type CommerceErrorCode } from './errors.ts';
import { assertQuantityAllowed, loadVariant } from './variant-limits.ts';

/**
 * Free-gift lines: claiming one (add to bag with bonusDiscountLineItemId) and removing those the bag no longer
 * qualifies for. Both run in a write transaction that locks the basket and decides on a basket read made inside
 * it, so a claim and a removal of the qualifying items cannot interleave.
 */

const REFUSAL: Record<ClaimRefusal, CommerceErrorCode> = {
  unknown: 'not_found',
  notOffered: 'invalid',
  notQualified: 'conflict',
  claimed: 'conflict',
};

/**
 * Adds the chosen variant of an offered product as a free line (quantity 1, priced 0 at every read). Refused when
 * the offer is unknown or ended (404), the product is not offered (400), the bag does not qualify or the gift is
 * already claimed (409), or the variant cannot be ordered (stock and limits as for any add).
 */
export async function claimBonusItem(db: Db, basketId: string | null, input: LineChoice): Promise<{ basketId: string; itemId: string }> {
  const promotionId = input.bonusDiscountLineItemId ?? '';
  if (input.quantity !== 1) throw new CommerceError('invalid', BONUS_MESSAGES.oneAtATime);
  return withWriteTransaction(db, async (tx) => {
    if (!basketId || !(await tryLockOpenBasket(tx, basketId))) throw new CommerceError('conflict', BONUS_MESSAGES.notQualified);
    const v = await loadVariant(tx, input.productId);
    if (!v) throw new CommerceError('not_found', 'That item could not be found. Please choose another colour.');
    const read = await readBasketDetailed(tx, basketId);
    const refusal = claimRefusal(read.bonusRules, read.bonus, promotionId, v.product_id);
    if (refusal) throw new CommerceError(REFUSAL[refusal], BONUS_MESSAGES[refusal]);

    const lines = await tx.selectFrom('basket_items').select(['id', 'sku', 'quantity', 'position']).where('basket_id', '=', basketId).execute();
    const live = lines.filter((l) => !read.staleBonusItemIds.includes(l.id));
    assertQuantityAllowed(v, live.filter((l) => l.sku === v.sku).reduce((s, l) => s + l.quantity, 0) + 1);
    if (read.staleBonusItemIds.length > 0) await tx.deleteFrom('basket_items').where('id', 'in', read.staleBonusItemIds).execute();

    const itemId = randomUUID();
    const now = new Date().toISOString();
    const position = lines.reduce((m, l) => Math.max(m, l.position + 1), 0);
    await tx
      .insertInto('basket_items')
      .values(lineRow({ id: itemId, basketId, createdAt: now, quantity: 1, position }, v, { bonusPromotionId: promotionId }))
      .execute();
    await touchBagLastAdded(tx, basketId, itemId, now);
    return { basketId, itemId };
  });
}

/** Removes the free lines the bag no longer qualifies for and returns the basket without them, saying so. */
export async function pruneBonusLines(db: Db, basketId: string): Promise<Bag> {
  return withWriteTransaction(db, async (tx) => {
    // A bag ordered or removed since the read that asked for this has nothing left to prune.
    if (!(await tryLockOpenBasket(tx, basketId))) return emptyBasket();
    const read = await readBasketDetailed(tx, basketId);
    if (read.staleBonusItemIds.length === 0) return read.view;
    await tx.deleteFrom('basket_items').where('basket_id', '=', basketId).where('id', 'in', read.staleBonusItemIds).execute();
    await touchBag(tx, basketId, new Date().toISOString());
    // Told once: this read removed them; the next read has nothing to remove and no notice.
    return { ...read.view, notices: read.droppedBonusItems.map((i) => BONUS_MESSAGES.giftRemoved(i.productName)) };
  });
}
