import type { Config } from '../config.ts';

/**
 * Package protection (shipment protection, product spec §4): an optional fee that insures the parcel against loss,
 * theft and damage. The checkout knows this interface only; a provider quotes a fee for a bag and the bag's totals
 * charge it while the shopper has it added. Chosen by PACKAGE_PROTECTION.
 *
 * `quote` is synchronous and pure: every basket read prices the bag again, so a provider that had to ask a remote
 * service would quote once when protection is added and keep that quote with the bag.
 */
export interface ProtectionBasket {
  /**
   * What is in the parcel: the merchandise, after its promotions and coupons, in cents. Gift cards are left out, the
   * plastic ones too: their value is not lost with the parcel (the card is cancelled and its balance reissued).
   */
  shippedMerchandiseCents: number;
  /** Nothing ships (e-gift cards, memberships only): nothing to protect. */
  digitalOnly: boolean;
}

export interface PackageProtection {
  readonly kind: Config['PACKAGE_PROTECTION'];
  /** The fee in cents for this bag; 0 means protection is not offered for it. */
  quote(basket: ProtectionBasket): number;
}

/**
 * The embedded rule: 2% of what ships (merchandise after discounts), rounded to the cent, never less than $0.98 nor
 * more than $9.98; nothing when nothing ships or what ships is worth nothing (free gifts only).
 */
export const PROTECTION_RATE_BP = 200;
export const PROTECTION_MIN_CENTS = 98;
export const PROTECTION_MAX_CENTS = 998;

export const embeddedProtection: PackageProtection = {
  kind: 'embedded',
  quote({ shippedMerchandiseCents, digitalOnly }) {
    if (digitalOnly || shippedMerchandiseCents <= 0) return 0;
    const fee = Math.round((shippedMerchandiseCents * PROTECTION_RATE_BP) / 10_000);
    return Math.min(PROTECTION_MAX_CENTS, Math.max(PROTECTION_MIN_CENTS, fee));
  },
};

/**
 * The shopper's choice as basket_checkout.package_protection holds it: not chosen yet (autoapply may add it), added,
 * or removed by the shopper (autoapply then leaves it off for the rest of the bag's life).
 */
export const PROTECTION_CHOICE = { undecided: 0, added: 1, removed: 2 } as const;
export type ProtectionChoice = (typeof PROTECTION_CHOICE)[keyof typeof PROTECTION_CHOICE];

export const noProtection: PackageProtection = { kind: 'off', quote: () => 0 };

export function packageProtection(c: Pick<Config, 'PACKAGE_PROTECTION'>): PackageProtection {
  return c.PACKAGE_PROTECTION === 'off' ? noProtection : embeddedProtection;
}
