import * as v from 'valibot';
import { ID_MAX_LENGTH } from '../constants.ts';

/** A recommendation carousel (POST /api/global/recommendations): { criteria, productId, limit }. */
export const CarouselSchema = v.object({
  criteria: v.pipe(v.string('criteria is required.'), v.maxLength(40)),
  productId: v.optional(v.pipe(v.string(), v.maxLength(64))),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(24)), 12),
});

/** 'You may also like' on the order confirmation: the order's products. */
export const OrderRecommendationsSchema = v.object({
  productIds: v.pipe(
    v.array(v.pipe(v.string('Each product id must be text.'), v.minLength(1), v.maxLength(ID_MAX_LENGTH)), 'productIds must be a list.'),
    v.minLength(1, 'Send at least one product id.'),
    v.maxLength(50, 'Send at most 50 product ids.'),
  ),
});
