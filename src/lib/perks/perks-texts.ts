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

/** The join modal's e-mail step for a guest: a membership belongs to an account. */
export const PERKS_EMAIL_HINT = 'A membership belongs to an account: enter the e-mail you signed up with.';
export const PERKS_NO_ACCOUNT = 'There is no account for this e-mail yet. Create an account, then join.';
export const PERKS_SIGN_IN_HINT = 'You have an account with us: sign in to join.';

/** The Terms and Conditions modal of the join flow: what the store does, and nothing it does not. */
export const PERKS_TERMS: readonly string[] = [
  'The membership runs for a year from the day the order holding it is placed.',
  'While you are a member and signed in, Express shipping costs nothing on every order. Fees such as the gift card fee, heavy item surcharges and peak handling are charged as usual.',
  'It is bought by a signed-in shopper, one at a time, and paid with a new card.',
  `It does not renew by itself. You can renew in the last ${RENEWAL_WINDOW_DAYS} days of your membership; the new year starts when the current one ends.`,
];
