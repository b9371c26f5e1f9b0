import * as v from 'valibot';
import { MessageReply, RegisteredReply, SignedOutReply, SignInReply, SubscribedReply, WaitlistReply, WishlistReply } from './account.ts';
import { AddToBagReply, BagIdReply, BagReply, CodeAppliedReply, PromotionReply, ShippingMethodsReply } from './bag.ts';
import {
  AddressLookupReply,
  CheckoutReply,
  CheckoutStateReply,
  EmailRecognisedReply,
  OrderConfirmationReply,
  OrderResultReply,
  ExpressOrderCreatedReply,
  SavedCardsReply,
  ShippingMethodChosenReply,
} from './checkout.ts';
import {
  AuditReply,
  ContentAssetsReply,
  ContentSlotReply,
  DocumentReply,
  DocumentsReply,
  EditorReply,
  EditorSignedOutReply,
  PublishedReply,
  SavedReply,
  VersionsReply,
} from './editor.ts';
import { GiftCardBalanceReply } from './gift-cards.ts';
import { MeReply } from './me.ts';
import { MerchantSessionReply, WalletContactTotalsReply, WalletOrderResultReply, WalletPaymentRequestReply, WalletTotalsReply } from './wallet.ts';
import { PageLoadReply } from './page-load.ts';
import { AgentReply, RecordingReply } from './support-agents.ts';
import { RewardsOffersReply, SubscriptionStatusReply } from './perks.ts';
import { RtpsDataReply, RtpsDetailsReply, RtpsPlccDetailsReply } from './store-card-offer.ts';
import { ProductSchema, CarouselReply, RecommendationsReply, SizeGuideReply, SuggestionsReply } from './product.ts';

/**
 * Every reply body of the API by name: what `body` holds in `{ status: 'success', body }`. The endpoint table
 * (src/lib/api/contract.ts) names one for each endpoint. Loaded where replies are checked: by the server when
 * API_REPLY_CHECK is on, and by the API client in development and tests. Production pages never load it.
 */
export const REPLIES = {
  AddressLookup: AddressLookupReply,
  AddToBag: AddToBagReply,
  Bag: BagReply,
  BagId: BagIdReply,
  Carousel: CarouselReply,
  Checkout: CheckoutReply,
  CheckoutState: CheckoutStateReply,
  CodeApplied: CodeAppliedReply,
  EmailRecognised: EmailRecognisedReply,
  ExpressOrderCreated: ExpressOrderCreatedReply,
  GiftCardBalance: GiftCardBalanceReply,
  Me: MeReply,
  Message: MessageReply,
  OrderConfirmation: OrderConfirmationReply,
  OrderResult: OrderResultReply,
  PageLoad: PageLoadReply,
  Done: SubscribedReply,
  Agent: AgentReply,
  Recording: RecordingReply,
  Product: ProductSchema,
  Promotion: PromotionReply,
  Recommendations: RecommendationsReply,
  Registered: RegisteredReply,
  RtpsData: RtpsDataReply,
  RtpsDetails: RtpsDetailsReply,
  RtpsPlccDetails: RtpsPlccDetailsReply,
  SavedCards: SavedCardsReply,
  ShippingMethodChosen: ShippingMethodChosenReply,
  ShippingMethods: ShippingMethodsReply,
  SignedOut: SignedOutReply,
  SignIn: SignInReply,
  SizeGuide: SizeGuideReply,
  Subscribed: SubscribedReply,
  SubscriptionStatus: SubscriptionStatusReply,
  RewardsOffers: RewardsOffersReply,
  Suggestions: SuggestionsReply,
  Waitlist: WaitlistReply,
  Wishlist: WishlistReply,
  MerchantSession: MerchantSessionReply,
  WalletPaymentRequest: WalletPaymentRequestReply,
  WalletTotals: WalletTotalsReply,
  WalletContactTotals: WalletContactTotalsReply,
  WalletOrderResult: WalletOrderResultReply,
  Editor: EditorReply,
  EditorSignedOut: EditorSignedOutReply,
  Documents: DocumentsReply,
  Document: DocumentReply,
  Saved: SavedReply,
  Published: PublishedReply,
  Versions: VersionsReply,
  Audit: AuditReply,
  ContentSlot: ContentSlotReply,
  ContentAssets: ContentAssetsReply,
};

export type Replies = typeof REPLIES;
export type ReplyName = keyof Replies;

/** What is wrong with a reply body for the schema it is named by, or null when it matches. */
export function replyProblem(name: ReplyName, body: unknown): string | null {
  const result = v.safeParse(REPLIES[name], body);
  if (result.success) return null;
  return result.issues
    .slice(0, 3)
    .map((issue) => `${v.getDotPath(issue) ?? 'body'}: ${issue.message}`)
    .join('; ');
}
