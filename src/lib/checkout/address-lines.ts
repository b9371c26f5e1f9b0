import { nameLines } from '../name-parts.ts';
import type { CheckoutAddress } from './checkout-types.ts';

/** An address as the checkout shows it back (saved addresses, the steps done, PayPal's review): name, street, city, phone. */
export const addressLines = (a: CheckoutAddress) => [
  ...nameLines(a.firstName, a.lastName),
  [a.address1, a.address2].filter(Boolean).join(', '),
  `${a.city}, ${a.stateCode} ${a.postalCode}`,
  a.phone,
];
