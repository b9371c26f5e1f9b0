import type { Db } from '../db/database.ts';
import { readBasket } from './basket-read.ts';
import { shippingPrice } from './pricing.ts';
import { DEFAULT_SHIPPING_METHOD_ID } from '#src/lib/constants.ts';
import { methodAllowed } from '#src/lib/standard-delivery.ts';
import type { BasketView, ShippingMethodView } from '#src/lib/commerce-types.ts';

/**
 * The shipping methods for a basket, each priced for it as the basket's totals price it (Regular becomes free
 * once merchandise after coupons reaches the threshold). A caller that has just read the basket passes it, so it
 * is not read twice. A bag holding a hemmed item is offered Regular only.
 */
export async function listShippingMethods(
  db: Db,
  basketId: string | null,
  known?: BasketView,
): Promise<{ methods: ShippingMethodView[]; selected: string }> {
  const [rows, basket] = await Promise.all([
    db.kysely.selectFrom('shipping_methods').selectAll().orderBy('position').execute(),
    known ?? readBasket(db.kysely, basketId),
  ]);
  const { isDigitalItemsOnly: digitalOnly, subTotal, couponDiscount } = basket.c_summary;
  const applicable = rows.filter((m) => methodAllowed(m.id, basket.c_standardDeliveryOnly));
  return {
    methods: applicable.map((m) => ({
      id: m.id,
      name: m.name,
      description: m.description,
      c_shippingMethodLabel: m.label,
      price: shippingPrice({ id: m.id, priceCents: m.price_cents }, subTotal - couponDiscount, digitalOnly),
      originalPrice: m.price_cents,
    })),
    selected: basket.shipments[0]?.shippingMethod.id ?? rows[0]?.id ?? DEFAULT_SHIPPING_METHOD_ID,
  };
}
