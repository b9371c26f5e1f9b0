import { isMembership } from '#src/lib/product-types.ts';
import { MAX_DISCOUNTS_PER_BASKET } from '#src/lib/promo-code.ts';
import { MAX_TENDERS_PER_BASKET } from '#src/lib/tenders/tender-split.ts';
import type { BagMergeNotice } from '#src/lib/commerce/customer.ts';
import type { Db } from '../db/database.ts';
import { lockClause, type Tx } from '../db/transaction.ts';
import { touchBag, tryLockOpenBasket } from './basket-lock.ts';
import { planMerge, type MergeLine } from './bag-merge-plan.ts';
import { maxOrderable } from './catalog.ts';
import { preselectMemberMethod } from './member-shipping.ts';

/** Codes the guest entered follow their lines into the stored bag (not twice, and up to the bag's limit). */
async function carryCoupons(tx: Tx, guest: string, stored: string): Promise<void> {
  const [guestCodes, storedCodes] = await Promise.all([
    tx.selectFrom('basket_coupons').select(['id', 'code']).where('basket_id', '=', guest).orderBy('created_at').execute(),
    tx.selectFrom('basket_coupons').select('code').where('basket_id', '=', stored).execute(),
  ]);
  const have = new Set(storedCodes.map((c) => c.code));
  let room = MAX_DISCOUNTS_PER_BASKET - have.size;
  for (const c of guestCodes) {
    if (room <= 0 || have.has(c.code)) continue;
    await tx.updateTable('basket_coupons').set({ basket_id: stored }).where('id', '=', c.id).execute();
    room--;
  }
}

/**
 * Gift cards applied to the guest bag go with its codes: after the stored bag's own, in the order applied, each card
 * once, up to MAX_TENDERS_PER_BASKET. The rest are dropped with the guest bag.
 */
async function carryTenders(tx: Tx, guest: string, stored: string): Promise<void> {
  const [guestTenders, storedTenders] = await Promise.all([
    tx.selectFrom('bag_tenders').select(['id', 'gift_card_id']).where('basket_id', '=', guest).orderBy('position').execute(),
    tx.selectFrom('bag_tenders').select(['gift_card_id', 'position']).where('basket_id', '=', stored).execute(),
  ]);
  const have = new Set(storedTenders.map((t) => t.gift_card_id));
  let position = Math.max(-1, ...storedTenders.map((t) => t.position)) + 1;
  let room = MAX_TENDERS_PER_BASKET - storedTenders.length;
  for (const t of guestTenders) {
    if (room <= 0 || have.has(t.gift_card_id)) continue;
    await tx.updateTable('bag_tenders').set({ basket_id: stored, position: position++ }).where('id', '=', t.id).execute();
    room--;
  }
  await tx.deleteFrom('bag_tenders').where('basket_id', '=', guest).execute();
}

export interface MergeOutcome extends BagMergeNotice {
  basketId: string | null;
}

async function mergeLines(tx: Tx, basketId: string): Promise<(MergeLine & { bonusPromotionId: string | null })[]> {
  const rows = await tx
    .selectFrom('basket_items as i')
    .innerJoin('variants as v', 'v.sku', 'i.sku')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('stock as s', 's.sku', 'i.sku')
    .select([
      'i.id',
      'i.sku',
      'i.quantity',
      'i.hemming_option_id',
      'i.bonus_promotion_id',
      'i.gift_recipient',
      'i.gift_sender',
      'i.gift_recipient_email',
      'i.gift_message',
      'v.track_stock',
      'v.back_ordered',
      'v.orderable',
      's.on_hand',
      'p.max_order_qty',
      'p.name',
      'p.product_type',
      'p.brand_code',
    ])
    .where('i.basket_id', '=', basketId)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    // A free line never joins a bought one (nor another free line): its key is its own.
    key:
      r.bonus_promotion_id === null
        ? JSON.stringify([r.sku, r.hemming_option_id, r.gift_recipient, r.gift_sender, r.gift_recipient_email, r.gift_message])
        : `bonus:${r.id}`,
    bonusPromotionId: r.bonus_promotion_id,
    name: r.name,
    quantity: r.quantity,
    limit: r.orderable ? maxOrderable(r, r.max_order_qty) : 0,
    isMembership: isMembership(r.product_type),
    brand: r.brand_code,
  }));
}

/**
 * Joins a guest bag into the customer's stored bag at sign-in (see planMerge for the rules), and makes the one bag
 * that remains the account's. Runs inside the caller's write transaction, and reads the account's bag there under
 * a lock on the customer row: two sign-ins to one account at once (two tabs, two instances) take turns, so the
 * second merges into the bag the first left rather than replacing it.
 */
export async function mergeBaskets(db: Db, tx: Tx, guestBasketId: string | null, customerId: string): Promise<MergeOutcome> {
  const lock = lockClause(db);
  const account = await lock(tx.selectFrom('customers').select('basket_id').where('id', '=', customerId)).executeTakeFirst();
  const outcome = await mergeInto(tx, guestBasketId, account?.basket_id ?? null);
  if (account && outcome.basketId !== account.basket_id) {
    await tx.updateTable('customers').set({ basket_id: outcome.basketId }).where('id', '=', customerId).execute();
  }
  // A member signing in finds the bag on the method their membership makes free.
  if (outcome.basketId) await preselectMemberMethod(tx, outcome.basketId, customerId);
  return outcome;
}

async function mergeInto(tx: Tx, guestBasketId: string | null, storedBasketId: string | null): Promise<MergeOutcome> {
  const guest = (await tryLockOpenBasket(tx, guestBasketId)) ? guestBasketId : null;
  const stored = (await tryLockOpenBasket(tx, storedBasketId)) ? storedBasketId : null;
  const none = { redirectToCart: false, notificationMsg: null, removedMembershipBrand: null, showPerksRemovalMsg: false };
  if (!guest || guest === stored) return { basketId: stored ?? guest, ...none };
  if (!stored) return { basketId: guest, ...none };

  const [storedLines, guestLines] = await Promise.all([mergeLines(tx, stored), mergeLines(tx, guest)]);
  // A free gift the stored bag already holds is not claimed twice: the guest's goes with the guest bag. Others move,
  // and the next basket read keeps them only if the merged bag qualifies.
  const storedBonus = new Set(storedLines.map((l) => l.bonusPromotionId).filter((id) => id !== null));
  const plan = planMerge(
    storedLines,
    guestLines.filter((l) => l.bonusPromotionId === null || !storedBonus.has(l.bonusPromotionId)),
  );
  let position = storedLines.length;
  for (const step of plan.steps) {
    if (step.kind === 'increase') await tx.updateTable('basket_items').set({ quantity: step.quantity }).where('id', '=', step.targetId).execute();
    if (step.kind === 'move') {
      await tx
        .updateTable('basket_items')
        .set({ basket_id: stored, quantity: step.quantity, position: position++ })
        .where('id', '=', step.sourceId)
        .execute();
    }
    if (step.kind === 'drop') await tx.deleteFrom('basket_items').where('id', '=', step.sourceId).execute();
  }
  await carryCoupons(tx, guest, stored);
  await carryTenders(tx, guest, stored);
  await tx.deleteFrom('baskets').where('id', '=', guest).execute();
  await touchBag(tx, stored, new Date().toISOString());

  // Both bags had lines: the bag now holds things the shopper did not add in this visit, so show it to them.
  const combined = storedLines.length > 0 && guestLines.length > 0;
  return {
    basketId: stored,
    redirectToCart: combined || plan.notices.length > 0,
    notificationMsg: plan.notices.length > 0 ? plan.notices.join(' ') : combined ? 'We added the items from your last visit to your bag.' : null,
    removedMembershipBrand: plan.removedMembershipBrand,
    showPerksRemovalMsg: plan.removedMembershipBrand !== null,
  };
}
