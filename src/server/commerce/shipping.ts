import type { Db } from '../db/database.ts';
import { readBasket } from './basket-read.ts';
import { shippingPrice } from './pricing.ts';
import type { ShippingMethodView } from '../../lib/commerce-types.ts';

/** The shipping methods for a basket, each priced for it (Regular becomes free past the threshold). */
export async function listShippingMethods(db: Db, basketId: string | null): Promise<{ methods: ShippingMethodView[]; selected: string }> {
  const [rows, basket] = await Promise.all([
    db.kysely.selectFrom('shipping_methods').selectAll().orderBy('position').execute(),
    readBasket(db.kysely, basketId),
  ]);
  const digitalOnly = basket.c_summary.isDigitalItemsOnly;
  return {
    methods: rows.map((m) => ({
      id: m.id,
      name: m.name,
      description: m.description,
      c_shippingMethodLabel: m.label,
      price: shippingPrice({ id: m.id, priceCents: m.price_cents }, basket.c_summary.subTotal, digitalOnly),
      originalPrice: m.price_cents,
    })),
    selected: basket.shipments[0]?.shippingMethod.id ?? rows[0]?.id ?? 'Regular',
  };
}
