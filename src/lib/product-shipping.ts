import type { ProductShippingData } from './commerce-types.ts';
import { formatCents } from './money.ts';

/**
 * A product's shippingData (product spec §3), from what the catalog knows: a P.O. box exclusion and a heavy item's
 * surcharge per product. The rest holds for every product this store sells: it ships everything itself (no drop
 * ship, no extra postage code), to the United States only, and any product may go by an expedited method (a hemmed
 * line is held to Standard Delivery in the bag, a choice made there, not a property of the product).
 */
export function productShippingData(product: { poBoxExcluded: boolean; heavySurchargeCents: number }): ProductShippingData {
  return {
    isDropShip: false,
    isEligibleForExpeditedShipping: true,
    isInternationalShippingEligible: false,
    isPOBoxExcluded: product.poBoxExcluded,
    extraPostageCode: null,
    shippingSurcharge: product.heavySurchargeCents,
  };
}

/** What the product page's Shipping & returns says of them, one sentence each. */
export function shippingNotes(data: ProductShippingData): string[] {
  return [
    ...(data.isPOBoxExcluded ? ['This item cannot be shipped to a P.O. box.'] : []),
    ...(data.shippingSurcharge > 0 ? [`This item adds ${formatCents(data.shippingSurcharge)} to shipping for each one ordered.`] : []),
  ];
}

/** California's Proposition 65 short-form warning, as the product page shows it for a product marked isProp65. */
export const PROP65_WARNING = 'WARNING: Cancer and Reproductive Harm';
export const PROP65_URL = 'https://www.p65warnings.ca.gov/';
