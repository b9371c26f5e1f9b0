import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { lockClause, withWriteTransaction, type Tx } from '../db/transaction.ts';
import { CommerceError } from './errors.ts';
import type { CouponRule } from './pricing.ts';
import {
  CODE_APPLIED, MAX_DISCOUNTS, MAX_DISCOUNTS_PER_BASKET, codeError, guessCodeType, normaliseCode,
  type CouponStatus,
} from '../../lib/promo-code.ts';

/**
 * Codes on a bag. Only coupons are stored here; gift cards, reward certificates and retailer card rewards are
 * recognised by the same field but are payment instruments, applied in checkout's payment step (checkout issue).
 */

export interface LoadedCoupon {
  code: string;
  promotionId: string | null;
  calloutMsg: string | null;
  rule: CouponRule;
}

const isActive = (p: { starts_at: string | null; ends_at: string | null }, now: string) =>
  (p.starts_at === null || p.starts_at <= now) && (p.ends_at === null || p.ends_at > now);

/** The bag's coupons, oldest first, each with its promotion as it stands now (a missing one is inactive). */
export async function loadCoupons(tx: Tx, basketId: string, now: string): Promise<LoadedCoupon[]> {
  const rows = await tx.selectFrom('basket_coupons').select(['id', 'code']).where('basket_id', '=', basketId).orderBy('created_at').orderBy('id').execute();
  if (rows.length === 0) return [];
  const promos = await tx.selectFrom('promotions').selectAll().where('coupon_code', 'in', rows.map((r) => r.code)).execute();
  const links = promos.length === 0
    ? []
    : await tx.selectFrom('promotion_products').selectAll().where('promotion_id', 'in', promos.map((p) => p.id)).execute();
  return rows.map((r) => {
    const p = promos.find((x) => x.coupon_code === r.code);
    return {
      code: r.code,
      promotionId: p?.id ?? null,
      calloutMsg: p?.callout_msg ?? null,
      rule: {
        couponItemId: r.id,
        percentOff: p?.percent_off ?? 0,
        brand: p?.brand_code ?? null,
        productIds: links.filter((l) => l.promotion_id === p?.id).map((l) => l.product_id),
        active: !!p && isActive(p, now),
      },
    };
  });
}

async function lockOpenBasket(db: Db, tx: Tx, basketId: string): Promise<void> {
  const row = await lockClause(db)(tx.selectFrom('baskets').select(['id', 'status']).where('id', '=', basketId)).executeTakeFirst();
  if (row?.status !== 'open') throw new CommerceError('not_found', 'Your bag could not be found. Please refresh the page.');
}

export type CodeOutcome = { couponItemId: string; statusCode: CouponStatus; message: string; alreadyApplied: boolean };

/**
 * What the code field does with a code on the bag. Coupons are checked against their promotion and stored
 * (at most MAX_DISCOUNTS_PER_BASKET); the other kinds are recognised and answered, never pretended applied.
 * The returned status is provisional; the basket read that follows is the authority on discounts.
 */
export async function applyCode(db: Db, basketId: string, raw: string, pin: string, signedIn: boolean): Promise<CodeOutcome> {
  const invalid = codeError(raw, pin);
  if (invalid) throw new CommerceError('invalid', invalid);
  const code = normaliseCode(raw);
  switch (guessCodeType(code)) {
    case 'giftCard':
      throw new CommerceError('unprocessable', 'Gift cards are applied as payment. Please enter this card in the payment step of checkout.');
    case 'rewardCertificate':
      if (!signedIn) throw new CommerceError('unprocessable', 'Please sign in to use this code.');
      throw new CommerceError('unprocessable', 'Reward certificates are applied as payment. Please enter this certificate in the payment step of checkout.');
    case 'retailerReward':
      throw new CommerceError('unprocessable', 'Card rewards are applied as payment. Please enter this reward in the payment step of checkout.');
    case 'coupon':
      break;
  }
  return withWriteTransaction(db, async (tx) => {
    await lockOpenBasket(db, tx, basketId);
    const existing = await tx.selectFrom('basket_coupons').select(['id', 'code']).where('basket_id', '=', basketId).execute();
    const same = existing.find((c) => c.code === code);
    const now = new Date().toISOString();
    const promo = await tx.selectFrom('promotions').selectAll().where('coupon_code', '=', code).executeTakeFirst();
    if (!promo) throw new CommerceError('invalid', `The code ${code} is not recognised. Please check it and try again.`);
    if (!isActive(promo, now)) throw new CommerceError('invalid', `The code ${code} is no longer valid or has expired.`);
    if (same) return { couponItemId: same.id, statusCode: 'applied', message: `The code ${code} is already applied to your bag.`, alreadyApplied: true };
    if (existing.length >= MAX_DISCOUNTS_PER_BASKET) throw new CommerceError('conflict', MAX_DISCOUNTS);
    const id = randomUUID();
    await tx.insertInto('basket_coupons').values({ id, basket_id: basketId, code, created_at: now }).execute();
    await tx.updateTable('baskets').set({ updated_at: now }).where('id', '=', basketId).execute();
    return { couponItemId: id, statusCode: 'applied', message: CODE_APPLIED, alreadyApplied: false };
  });
}

export async function removeCoupon(db: Db, basketId: string, couponItemId: string): Promise<void> {
  await withWriteTransaction(db, async (tx) => {
    await lockOpenBasket(db, tx, basketId);
    const result = await tx.deleteFrom('basket_coupons').where('id', '=', couponItemId).where('basket_id', '=', basketId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new CommerceError('not_found', 'That code is no longer on your bag.');
    await tx.updateTable('baskets').set({ updated_at: new Date().toISOString() }).where('id', '=', basketId).execute();
  });
}

/** A promotion's callout and details for the Details modal (couponCodeID null when no code is required). */
export async function readPromotion(db: Db, promotionId: string) {
  const p = await db.kysely.selectFrom('promotions').selectAll().where('id', '=', promotionId).executeTakeFirst();
  if (!p) throw new CommerceError('not_found', 'That promotion could not be found.');
  return { promotionId: p.id, calloutMsg: p.callout_msg, details: p.details, couponCodeID: p.coupon_code };
}
