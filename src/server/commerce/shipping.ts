import type { Db } from '../db/database.ts';
import { keptPerCatalogVersion } from './catalog-version.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import { readBasket } from './basket-read.ts';
import { shippingPrice } from './pricing.ts';
import { DEFAULT_SHIPPING_METHOD_ID } from '#src/lib/constants.ts';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';
import { PERKS_SIGN_UP_METHOD_ID, perksSignUpMessage, SURCHARGE_LABELS } from '#src/lib/checkout/shipping-extras.ts';
import { isMembership, isMerchandise } from '#src/lib/product-types.ts';
import { methodAllowed } from '#src/lib/standard-delivery.ts';
import { memberMethodPrice } from '#src/lib/perks/member-shipping.ts';
import type { Bag, BagLine, ShippingChoice } from '#src/lib/commerce/bag.ts';

/**
 * The shipping methods for a basket, each priced for it as the basket's totals price it (Regular becomes free
 * once merchandise after coupons reaches the threshold). A caller that has just read the basket passes it, so it
 * is not read twice. A bag holding a hemmed item is offered Regular only. Each method lists the fees the bag adds
 * whatever the method (gift card fee, heavy items: productSurcharges), and Express a perks sign-up line while the
 * store sells a perks membership, the bag holds none and its shopper is not a member (a member's Express is free).
 */
export async function listShippingMethods(db: Db, basketId: string | null, known?: Bag): Promise<ShippingChoice> {
  const [catalog, basket] = await Promise.all([loadShippingCatalog(db), known ?? readBasket(db.kysely, basketId)]);
  return shippingMethodsFor(catalog, basket);
}

/** Rolls back a pricing that only asked "what if" (priceForState). */
class PricedOnly extends Error {
  readonly priced: { bag: Bag; choice: ShippingChoice };
  constructor(priced: { bag: Bag; choice: ShippingChoice }) {
    super('priced for a state, not written');
    this.priced = priced;
  }
}

/**
 * The bag and its methods priced as if it shipped to `stateCode` (tax, restricted lines), leaving the bag as it is:
 * the state is set inside a transaction that is rolled back. The payment sheet asks this for each contact the
 * shopper picks before they pay; the bag is changed only by the payment itself.
 */
export async function priceForState(db: Db, basketId: string, stateCode: string): Promise<{ bag: Bag; choice: ShippingChoice }> {
  // Loaded first: on SQLite the transaction holds the one connection.
  const catalog = await loadShippingCatalog(db);
  try {
    await withWriteTransaction(db, async (tx) => {
      await tx.updateTable('baskets').set({ shipping_state_code: stateCode }).where('id', '=', basketId).execute();
      const bag = await readBasket(tx, basketId);
      throw new PricedOnly({ bag, choice: shippingMethodsFor(catalog, bag) });
    });
  } catch (err) {
    if (err instanceof PricedOnly) return err.priced;
    throw err;
  }
  throw new Error('unreachable: the pricing always rolls back');
}

/** What the shipping methods are priced from, apart from the bag: loaded beside the bag's own reads. */
export interface ShippingCatalog {
  rows: Awaited<ReturnType<typeof loadMethodRows>>;
  perks: { name: string } | undefined;
}

const loadMethodRows = (db: Db) => db.kysely.selectFrom('shipping_methods').selectAll().orderBy('position').execute();

/** The methods and the membership's name, kept per catalog version (triggers of migration 022 raise it). */
export const loadShippingCatalog = keptPerCatalogVersion(readShippingCatalog);

async function readShippingCatalog(db: Db): Promise<ShippingCatalog> {
  const [rows, perks] = await Promise.all([
    loadMethodRows(db),
    db.kysely.selectFrom('products').select('name').where('product_type', '=', PRODUCT_TYPE.membership).orderBy('id').executeTakeFirst(),
  ]);
  return { rows, perks };
}

/** The methods offered for this bag, with their prices and messages. */
export function shippingMethodsFor({ rows, perks }: ShippingCatalog, basket: Bag): ShippingChoice {
  const summary = basket.summary;
  const productSurcharges = [
    { itemText: SURCHARGE_LABELS.giftCardSurcharges, price: summary.giftCardSurcharges ?? 0 },
    { itemText: SURCHARGE_LABELS.heavyWeightItemSurcharges, price: summary.heavyWeightItemSurcharges ?? 0 },
  ].filter((s) => s.price > 0);
  // The sign-up line speaks to shoppers who are not members and are not joining in this bag; a member's Express is free.
  const member = !!basket.perksMembership;
  const hasPerks = basket.lines.some((l) => isMembership(l.productType));
  const perksMsg = perks && !hasPerks && !member ? perksSignUpMessage(perks.name) : null;
  const digitalOnly = basket.summary.isDigitalItemsOnly;
  const merchandise = merchandiseAfterCoupons(basket.lines);
  const applicable = rows.filter((m) => methodAllowed(m.id, basket.standardDeliveryOnly));
  return {
    methods: applicable.map((m) => ({
      id: m.id,
      name: m.name,
      description: m.description,
      label: m.label,
      price: shippingPrice({ id: m.id, priceCents: memberMethodPrice(m.id, m.price_cents, member) }, merchandise, digitalOnly),
      originalPrice: m.price_cents,
      productSurcharges,
      shipPerksSignUpMsg: m.id === PERKS_SIGN_UP_METHOD_ID ? perksMsg : null,
    })),
    selected: basket.shipments[0]?.shippingMethod.id ?? rows[0]?.id ?? DEFAULT_SHIPPING_METHOD_ID,
  };
}

/** The bag's merchandise after its codes, as the totals reckon free shipping on it: gift cards and memberships never count. */
const merchandiseAfterCoupons = (lines: readonly BagLine[]): number =>
  lines
    .filter((l) => isMerchandise(l.productType))
    .reduce((sum, l) => sum + l.price + l.priceAdjustments.reduce((off, a) => (a.couponCode ? off + a.price : off), 0), 0);
