import { isMembership } from './product-types.ts';

/**
 * The perks membership's rules (checkout spec §4 "Loyalty (perks) add-to-bag"): a membership is bought by a
 * signed-in shopper only, and paid with a new card. The server enforces both (adding to the bag, choosing a saved
 * card, placing the order); the checkout's islands mirror them for the shopper.
 */
export const MEMBERSHIP_NEEDS_SIGN_IN = 'Please sign in to join. A membership belongs to an account.';
export const MEMBERSHIP_NEEDS_NEW_CARD = 'A membership is paid with a new card. Please enter your card.';

/**
 * A payment the shopper saved before (a saved card, or the holder's saved store card), not a card entered for this
 * order: it does not pay for a membership.
 */
export const isSavedPayment = (p: { savedCardId?: string | null; source?: { kind: string; saved?: boolean } | null }): boolean =>
  !!p.savedCardId || (p.source?.kind === 'store-card' && p.source.saved === true);

/** The bag holds a membership (given its lines' product types): it needs an account and a new card. */
export const bagHoldsMembership = (productTypes: readonly number[]): boolean => productTypes.some(isMembership);
