import type { Bag, ShippingMethod, Wishlist } from './bag.ts';
import type { PlccInfo } from './store-card.ts';
import type { RewardsRecord } from '../header/rewards.ts';

/**
 * The shopper's account in the engine's own types: who is signed in, what a sign-in answers, and their standing in
 * the rewards programmes. Plain data: it crosses the commerce API (src/lib/commerce-api/commerce-api.ts).
 */
export interface Customer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  basketId: string | null;
}

/** Who the visitor is, for the header after hydration (on the wire: MeReply, src/lib/api/replies/me.ts). */
export interface Me {
  authenticated: boolean;
  firstName: string | null;
  email: string | null;
  rewards: RewardsRecord | null;
  /** The card placements follow the store card account, not a flag. */
  storeCard: PlccInfo;
}

/** What the merge of the guest's bag into the customer's told the shopper (the spec's login reply, mergeBasket). */
export interface BagMergeNotice {
  redirectToCart: boolean;
  notificationMsg: string | null;
  removedMembershipBrand: string | null;
  showPerksRemovalMsg: boolean;
}

/** A sign-in (login, registration, password reset, social): the spec's login reply, in the engine's types. */
export interface SignInReply {
  token: { customer_id: string; authenticated: true; usid: string };
  basket: Bag;
  shippingMethods: ShippingMethod[];
  profileData: { customerNo: string; email: string; firstName: string; lastName: string };
  wishlistData: Wishlist;
  mergeBasket: BagMergeNotice;
}

/** Where to send the social sign-in popup, and the state to bind to this browser (kept in its cookie). */
export interface SocialSignInStart {
  url: string;
  state: string;
}

/** An active member's standing in a brand programme: its own points toward the next reward, and its rewards dollars. */
export interface ProgrammeStanding {
  points: number;
  threshold: number;
  /** The rewards dollars the member can spend at checkout now, in cents. */
  rewardsDollarsCents: number;
}
