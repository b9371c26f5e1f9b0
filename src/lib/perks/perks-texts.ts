import { membershipEndDisplay, RENEWAL_WINDOW_DAYS } from './membership-dates.ts';

/**
 * What the perks membership says to the shopper, in one place (checkout spec §4 "Loyalty (perks) add-to-bag", §5
 * "Loyalty terms"): the add-to-bag modal, the product page and the server's refusals use these.
 */

/** Checkout spec §5: the terms box must stay ticked. */
export const PERKS_TERMS_REQUIRED = 'Accept Terms and Conditions to continue.';

/** The add refused to a member who is not yet in the renewal window (checkIfAlreadyMember). */
export const alreadyMemberMessage = (endsAt: string): string =>
  `You are already a member until ${membershipEndDisplay(endsAt)}. You can renew in the last ${RENEWAL_WINDOW_DAYS} days of your membership.`;

/** The programme's short name, from its product's ('Fernbrook Perks Annual Membership' is 'Fernbrook Perks'). */
export const perksProgrammeName = (productName: string): string => productName.replace(/\s+Annual Membership$/i, '');

/** What members get, as the product page and the shipping step promise it (src/server/perks/member-shipping.ts keeps it). */
export const perksBenefit = (programmeName: string): string => `Free Express shipping on every order with ${programmeName}`;
