import { PERKS_SIGN_UP_METHOD_ID } from '../checkout/shipping-extras.ts';

/**
 * What a perks member gets at the shipping step (docs/decisions.md "Perks membership"): the method the sign-up line
 * is shown under (Express) costs nothing for a member, whatever the bag. Surcharges (gift card fee, heavy items, peak
 * handling) are charged as for everyone: the promise is the method, not the fees. Pure: the pricer and the shipping
 * methods list both call it.
 */
export const PERKS_MEMBER_METHOD_ID = PERKS_SIGN_UP_METHOD_ID;

/** The method's price in cents for this shopper: 0 for the member method when they are a member. */
export const memberMethodPrice = (methodId: string, priceCents: number, member: boolean): number =>
  member && methodId === PERKS_MEMBER_METHOD_ID ? 0 : priceCents;
