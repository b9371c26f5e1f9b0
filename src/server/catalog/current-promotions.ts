import type { Db } from '../db/database.ts';
import { promotionActiveAt } from '../commerce/promotion-window.ts';
import type { CurrentPromotion } from '#src/lib/commerce-types.ts';

/** Promotions running now, automatic ones and codes, for /offers-coupons. */
export async function currentPromotions(db: Db, now = new Date()): Promise<CurrentPromotion[]> {
  const at = now.toISOString();
  const rows = await db.kysely
    .selectFrom('promotions')
    .leftJoin('brands', 'brands.code', 'promotions.brand_code')
    .select([
      'promotions.id',
      'promotions.callout_msg',
      'promotions.details',
      'promotions.coupon_code',
      'promotions.percent_off',
      'promotions.ends_at',
      'brands.name as brand_name',
    ])
    .where(promotionActiveAt('promotions', at))
    // A promotion that takes nothing off only carries texts (the perks details): it is not a deal.
    .where('promotions.percent_off', '>', 0)
    .orderBy('promotions.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    callout: r.callout_msg,
    details: r.details,
    couponCode: r.coupon_code,
    percentOff: r.percent_off,
    brandName: r.brand_name,
    endsAt: r.ends_at,
  }));
}
