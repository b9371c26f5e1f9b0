import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { prepared, preparedWrite } from '../db/prepared.ts';
import { type Tx, withWriteTransaction } from '../db/transaction.ts';
import { lockOpenBasket, touchBag } from './basket-lock.ts';
import { isPromotionActive } from './promotion-window.ts';
import { CommerceError } from './errors.ts';
import {
  CODE_APPLIED,
  MAX_DISCOUNTS,
  MAX_DISCOUNTS_PER_BASKET,
  codeError,
  guessCodeType,
  normaliseCode,
  SIGN_IN_FOR_CODE,
  CERTIFICATE_INVALID,
  type CouponStatus,
} from '#src/lib/promo-code.ts';
import { RETAILER_REWARD_AS_CERTIFICATE } from '#src/lib/tenders/tender-split.ts';

/**
 * Codes on a bag. Only coupons are stored here. Gift cards and reward certificates are recognised by the same field
 * but are payment instruments: they become tenders on the bag (src/server/tenders/, which the bag facade sends them
 * to before they reach here). A retailer card reward (rw) has no source in this store, whose store card rewards are
 * certificates: it is answered with a sentence saying so.
 */

export type CodeOutcome = { couponItemId: string; statusCode: CouponStatus; message: string; alreadyApplied: boolean };

// A code applied and removed: compiled once and prepared by name on PostgreSQL (db/prepared.ts).
const codesOfBag = prepared((tx: Tx, basketId: string) => tx.selectFrom('basket_coupons').select(['id', 'code']).where('basket_id', '=', basketId));
const promotionOfCode = prepared((tx: Tx, code: string) => tx.selectFrom('promotions').selectAll().where('coupon_code', '=', code));
const insertCode = preparedWrite((tx: Tx, id: string, basketId: string, code: string, now: string) =>
  tx.insertInto('basket_coupons').values({ id, basket_id: basketId, code, created_at: now }),
);
const deleteCodeOfBag = preparedWrite((tx: Tx, id: string, basketId: string) =>
  tx.deleteFrom('basket_coupons').where('id', '=', id).where('basket_id', '=', basketId),
);

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
      // The bag facade makes a signed-in shopper's certificate a tender before it reaches here.
      if (!signedIn) throw new CommerceError('unprocessable', SIGN_IN_FOR_CODE);
      throw new CommerceError('unprocessable', CERTIFICATE_INVALID);
    case 'retailerReward':
      throw new CommerceError('unprocessable', RETAILER_REWARD_AS_CERTIFICATE);
    case 'coupon':
      break;
  }
  return withWriteTransaction(db, async (tx) => {
    await lockOpenBasket(tx, basketId);
    const existing = await codesOfBag(tx, basketId);
    const same = existing.find((c) => c.code === code);
    const now = new Date().toISOString();
    const [promo] = await promotionOfCode(tx, code);
    if (!promo) throw new CommerceError('invalid', `The code ${code} is not recognised. Please check it and try again.`);
    if (!isPromotionActive(promo, now)) throw new CommerceError('invalid', `The code ${code} is no longer valid or has expired.`);
    if (same)
      return { couponItemId: same.id, statusCode: 'applied', message: `The code ${code} is already applied to your bag.`, alreadyApplied: true };
    if (existing.length >= MAX_DISCOUNTS_PER_BASKET) throw new CommerceError('conflict', MAX_DISCOUNTS);
    const id = randomUUID();
    await insertCode(tx, id, basketId, code, now);
    await touchBag(tx, basketId, now);
    return { couponItemId: id, statusCode: 'applied', message: CODE_APPLIED, alreadyApplied: false };
  });
}

export async function removeCoupon(db: Db, basketId: string, couponItemId: string): Promise<void> {
  await withWriteTransaction(db, async (tx) => {
    await lockOpenBasket(tx, basketId);
    if ((await deleteCodeOfBag(tx, couponItemId, basketId)) === 0) throw new CommerceError('not_found', 'That code is no longer on your bag.');
    await touchBag(tx, basketId, new Date().toISOString());
  });
}

/** A promotion's callout and details for the Details modal (couponCodeID null when no code is required). */
export async function readPromotion(db: Db, promotionId: string) {
  const p = await db.kysely.selectFrom('promotions').selectAll().where('id', '=', promotionId).executeTakeFirst();
  if (!p) throw new CommerceError('not_found', 'That promotion could not be found.');
  return { promotionId: p.id, calloutMsg: p.callout_msg, details: p.details, couponCodeID: p.coupon_code };
}
