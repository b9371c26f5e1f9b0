import * as v from 'valibot';
import { isPoBox } from './address-rules.ts';
import { STORE_TIME_ZONE } from '../constants.ts';

/**
 * The shipping step's extras in one place (checkout spec §3 "Shipping method", "Order summary
 * fields", §4 "Others"; product spec §4 "Shipment protection", §8): the constants, the texts the shopper reads, and
 * the P.O. box rule the island and the server share. Isomorphic: no server imports, no date library.
 */

/** Each plastic gift card (product type 2) is mailed in a gift envelope by tracked post: $1.99 a card. */
export const GIFT_CARD_FEE_CENTS = 199;
/** The peak season, New York time, both days included: a per-order handling fee (PEAK_HANDLING_FEE_CENTS) applies. */
export const PEAK_SEASON = { from: { month: 11, day: 15 }, to: { month: 12, day: 31 } } as const;
/** EcoShip waits to ship a bag in fewer boxes: it arrives by this many business days (Mon-Fri) after today. */
export const ECOSHIP_BUSINESS_DAYS = 7;
/** Calendar rules of the shipping step (peak season, the EcoShip date) are reckoned in this time zone. */
export const SHIPPING_TIME_ZONE = STORE_TIME_ZONE;

/** The method a perks sign-up line is shown under, and what it says. */
export const PERKS_SIGN_UP_METHOD_ID = 'Express';
export const perksSignUpMessage = (perksName: string) => `Free Express shipping with ${perksName}`;

/** Summary rows (checkout spec §3 "Order summary fields"), labelled for the shopper. */
export const SURCHARGE_LABELS = {
  giftCardSurcharges: 'Gift card fee',
  heavyWeightItemSurcharges: 'Heavy item surcharge',
  peakHandlingFee: 'Peak handling',
} as const;
export const PACKAGE_PROTECTION_LABEL = 'Package Protection';
export const PACKAGE_PROTECTION_EXPLANATION = 'Covers your package if it is lost, stolen or damaged on its way to you.';
export const protectionCheckboxLabel = (displayValue: string) => `Protect my package (${displayValue})`;
export const ecoshipCheckboxLabel = (displayDate: string) => `Ship with fewer boxes (EcoShip): arrives by ${displayDate}`;

/** Product spec §8: the 'About Your Order' modal. */
export const PO_BOX_MODAL = {
  title: 'About Your Order',
  message: 'These items cannot be shipped to a P.O. Box. Edit your address or remove this item.',
  edit: 'Edit Shipping Address',
  removeOne: 'Remove This Item',
  removeMany: 'Remove These Items',
} as const;

/**
 * The lines of a bag that cannot go to this address: none unless the address is a P.O. box. `excluded` reads a
 * line's flag (the engine's line and the wire's line name it differently).
 */
export function poBoxExcludedLines<L>(
  address: { address1?: string | null; address2?: string | null } | null,
  lines: L[],
  excluded: (line: L) => boolean,
): L[] {
  if (!address || !isPoBox({ address1: address.address1 ?? '', address2: address.address2 ?? '' })) return [];
  return lines.filter(excluded);
}

/** The server's refusal of a P.O. box address for these lines (409). */
export const poBoxRefusal = (lines: { productName: string }[]) =>
  `${PO_BOX_MODAL.message} (${[...new Set(lines.map((l) => l.productName))].join(', ')})`;

/** Items the shipping address's state may not receive (product restrictions): named, as a P.O. box refusal names them. */
export const restrictedStateRefusal = (lines: { productName: string }[]) =>
  `These items cannot ship to the state you chose. Edit your address or remove this item. (${[...new Set(lines.map((l) => l.productName))].join(', ')})`;

/** POST /checkout/api/route_package_protection (product spec §7): add, remove or autoapply. */
export const PackageProtectionSchema = v.object({
  action: v.picklist(['add', 'remove', 'autoapply'], "action must be 'add', 'remove' or 'autoapply'"),
});

/** POST /api/checkout/ecoship/: the shopper's EcoShip choice. */
export const EcoshipSchema = v.object({ selected: v.boolean('selected must be true or false') });
