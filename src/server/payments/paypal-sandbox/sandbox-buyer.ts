import type { WebPayer, WebShipping } from '../web-payment.ts';

/**
 * The embedded PayPal sandbox's test buyer (README, "Configuration"), as PayPal's sandbox has its personal test
 * accounts: the approval page pays as this payer, and ships to the address the shopper picks among the buyer's own.
 * Two of them are there to be refused by some bags: a P.O. box, and an address in California (where some items do
 * not ship); one is in Oregon, which has no sales tax, so the bag's total there is the amount approved. Each is what PayPal's GET order returns as `payer` and `purchase_units[].shipping`.
 */
export const SANDBOX_PAYER: WebPayer = { email: 'sandbox.buyer@example.com', firstName: 'Sandy', lastName: 'Buyer', phone: '5125550142' };

const buyer = `${SANDBOX_PAYER.firstName} ${SANDBOX_PAYER.lastName}`;

export const SANDBOX_SHIP_TO = {
  home: { fullName: buyer, address1: '1200 Congress Ave', address2: 'Apt 4B', city: 'Austin', state: 'TX', postalCode: '78701', countryCode: 'US' },
  poBox: { fullName: buyer, address1: 'PO Box 4521', address2: '', city: 'Austin', state: 'TX', postalCode: '78765', countryCode: 'US' },
  california: { fullName: buyer, address1: '2211 N First St', address2: '', city: 'San Jose', state: 'CA', postalCode: '95131', countryCode: 'US' },
  oregon: { fullName: buyer, address1: '800 SW Broadway', address2: '', city: 'Portland', state: 'OR', postalCode: '97205', countryCode: 'US' },
} as const satisfies Record<string, WebShipping>;

export type SandboxShipTo = keyof typeof SANDBOX_SHIP_TO;

export const SANDBOX_SHIP_TO_LABELS: Record<SandboxShipTo, string> = {
  home: 'Home: 1200 Congress Ave, Apt 4B, Austin, TX 78701',
  poBox: 'P.O. box: PO Box 4521, Austin, TX 78765',
  california: 'Work: 2211 N First St, San Jose, CA 95131',
  oregon: 'Studio: 800 SW Broadway, Portland, OR 97205',
};
