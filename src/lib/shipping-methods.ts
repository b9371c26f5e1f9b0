import type { Bag } from './commerce/bag.ts';

/**
 * How a shipping method is told to the shopper, in one place: its name and its delivery time (the method's
 * description, '5-7 business days'). The bag, the checkout, the order confirmation and the confirmation e-mail say
 * it this way; the checkout adds the method's note under it (c_shippingMethodLabel, 'Order by 1 pm ET') when it has one.
 */
export const methodWithDelivery = (m: { name: string; description: string }): string => (m.description ? `${m.name} (${m.description})` : m.name);

/** The delivery time of a bag that waits for EcoShip: the date it arrives by instead of the method's. */
export const ecoshipDelivery = (displayDate: string): string => `EcoShip: arrives by ${displayDate}`;

/** What an order promises for its delivery, kept with it when it is placed: the method and its time; null when nothing ships. */
export function orderDelivery(bag: Pick<Bag, 'shipments' | 'summary' | 'ecoship' | 'ecoshipChosen'>): { name: string; delivery: string } | null {
  const method = bag.shipments[0]?.shippingMethod;
  if (bag.summary.isDigitalItemsOnly || !method) return null;
  const eco = bag.ecoshipChosen && bag.ecoship.ecoshipDisplayDate;
  return { name: method.name, delivery: eco ? ecoshipDelivery(eco) : method.description };
}
