import type * as v from 'valibot';
import type { Answer, Caller } from './call.ts';
import type { Bag, CheckoutState, LineChoice, ShippingAddressChoice, ShippingChoice, Wishlist } from '../commerce/bag.ts';
import type { Customer, Me, ProgrammeStanding, SignInReply, SocialSignInStart } from '../commerce/customer.ts';
import type {
  Brand,
  BrandSettings,
  CurrentPromotion,
  ListingPage,
  OrderSummaryView,
  ProductSummary,
  ProductView,
  PromotionDetails,
  RecommendationItem,
} from '../commerce-types.ts';
import type { AddressLookupReply, AddressLookupSchema } from '../checkout/address-suggestions.ts';
import type { BillingStepSchema, CardToken, EmailStepSchema, PaymentStepSchema, PlaceOrderSchema } from '../checkout/checkout-schemas.ts';
import type { CheckoutAddress, CheckoutOptions, OrderConfirmationView } from '../checkout/checkout-types.ts';
import type { PlacementReply } from '../commerce/placement-result.ts';
import type { GiftCardBalance, GiftCardBalanceInput } from '../gift-cards/gift-card-rules.ts';
import type { RewardsRecord } from '../header/rewards.ts';
import type { OutboxMail } from '../mail/outbox-mail.ts';
import type { Tracked, TrackOrderFields } from '../orders/tracked.ts';
import type { SubscriptionStatus } from '../api/replies/perks.ts';
import type { Sort } from '../listing.ts';
import type { BrandProgrammeId } from '../rewards/programmes.ts';
import type { RewardsOffer } from '../rewards/offer.ts';
import type { SignupPlace } from '../email-signup/signup-rules.ts';
import type { AgentView, RecordingAction } from '../support-agents/agent-rules.ts';
import type { RegisterSchema } from '../schemas/account.ts';
import type { Suggestions } from '../schemas/search.ts';
import type { WalletPaymentRequest, WalletTotals } from '../wallet/payment-request.ts';
import type { WalletError, WalletRedactedContact } from '../wallet/wallet-contact.ts';
import type { MerchantSession, WalletReply } from '../wallet/wallet-replies.ts';
import type { WalletAuthorize } from '../wallet/wallet-schemas.ts';
import type { ContentAsset, HeaderContent } from '../content/content-documents.ts';
import type { AuditEntry, DocumentSummary, DocumentVersion, Editor, VersionInfo } from '../content/editor-types.ts';
import type { ApplicationResult, GuestPreScreenData, OfferEvent, PlccData, ResultView, StoreCardOffer } from '../store-card-offer/offer-rules.ts';

/**
 * The commerce API: the one way from the store's pages and endpoints to the commerce engine. Every operation takes
 * the caller (src/lib/commerce-api/call.ts) and one plain input, and answers plain data: the engine's own types
 * (src/lib/commerce/, src/lib/commerce-types.ts), never the spec's wire shapes, which the endpoints make
 * (src/lib/api/wire.ts). Two bindings satisfy it: the engine in this process (src/server/commerce-api/embedded.ts)
 * and a client of the engine's server (http-client.ts); src/middleware.ts binds one to each request as
 * `Astro.locals.commerce` (src/web/commerce.ts). The operations and their input schemas are listed in operations.ts.
 */
type Op<I, O> = [I] extends [undefined] ? (call: Caller, input?: undefined) => Promise<Answer<O>> : (call: Caller, input: I) => Promise<Answer<O>>;

export type LineChange = Pick<LineChoice, 'quantity' | 'optionItems' | 'hemmingInseamLength'> & { productId?: string | undefined };
export type ProtectionAction = 'add' | 'remove' | 'autoapply';
export type ExpressFrom = 'bag' | 'payment';

export interface CatalogApi {
  /** A product by id or slug (the quick-view and quick-shop read). */
  product: Op<{ id: string }, ProductView | null>;
  /** A product page: the product, its brand's settings, and the perks product those name. */
  productPage: Op<{ slug: string }, { product: ProductView; perks: BrandSettings; perksProduct: ProductView | null } | null>;
  brands: Op<undefined, Brand[]>;
  brandProducts: Op<{ brand: string }, ProductSummary[]>;
  home: Op<undefined, { brands: Brand[]; products: ProductSummary[] }>;
  quickOrder: Op<{ itemNumber: string }, { matches: string[]; product: ProductView | null }>;
  list: Op<{ q?: string | undefined; category?: string | undefined; sort: Sort; page: number }, ListingPage>;
  categoryIds: Op<undefined, string[]>;
  suggest: Op<{ query: string; fullPayload: boolean }, Suggestions>;
  /**
   * A carousel for a criteria name. The signals: the viewed product, the recently viewed cookie's raw value, and the
   * products of the shopper's bag (read from their session unless `bagProductIds` is given).
   */
  recommendations: Op<
    {
      criteria: string;
      productId?: string | undefined;
      recentlyViewedCookie?: string | undefined;
      bagProductIds?: string[] | undefined;
      limit?: number | undefined;
    },
    { headline: string; products: RecommendationItem[] }
  >;
  sizeChart: Op<{ chartId: string }, string | null>;
  offers: Op<undefined, CurrentPromotion[]>;
  /** What pages rendered from the catalog depend on: it changes when the catalog, a promotion or the search index does. */
  stamp: Op<undefined, string>;
}

export interface BagApi {
  /** The shopper's bag with its totals (an empty bag when they have none yet). */
  read: Op<undefined, Bag>;
  /** The bag and the methods it may ship by, priced for it (the bag page's first paint). */
  readWithMethods: Op<undefined, { bag: Bag; shipping: ShippingChoice }>;
  /** Adds a line; the first add makes the bag and, for a visitor without one, the session (answered in `keep`). */
  add: Op<{ choice: LineChoice; asCustomer?: string | undefined }, Bag>;
  updateLine: Op<{ itemId: string; change: LineChange }, Bag>;
  removeLine: Op<{ itemId: string }, Bag>;
  /** The code field: a coupon, a gift card with its PIN, a certificate, or a programme's rewards (`rewardBrand`). */
  applyCode: Op<
    { code: string; pin: string; rewardBrand?: string | undefined },
    { basket: Bag; message: string; couponItemId?: string | undefined; paymentInstrumentId?: string | undefined }
  >;
  removeCode: Op<{ couponItemId?: string | undefined; paymentInstrumentId?: string | undefined }, Bag>;
  rewardsOffers: Op<undefined, RewardsOffer[]>;
  promotion: Op<{ promotionId: string }, PromotionDetails>;
}

export interface CheckoutApi {
  read: Op<undefined, CheckoutState>;
  /** The ways to pay and the services this store offers (express buttons, the wallet, card tokenization, address help). */
  options: Op<undefined, CheckoutOptions>;
  shippingMethods: Op<undefined, ShippingChoice>;
  chooseShippingMethod: Op<{ methodId: string }, Bag>;
  submitShippingMethod: Op<{ methodId: string }, CheckoutState>;
  packageProtection: Op<{ action: ProtectionAction }, Bag>;
  ecoship: Op<{ selected: boolean }, Bag>;
  submitEmail: Op<v.InferOutput<typeof EmailStepSchema>, CheckoutState>;
  submitShippingAddress: Op<ShippingAddressChoice, CheckoutState>;
  submitPayment: Op<v.InferOutput<typeof PaymentStepSchema>, CheckoutState>;
  submitBilling: Op<v.InferOutput<typeof BillingStepSchema>, CheckoutState>;
  saveCustomerData: Op<
    {
      shippingAddressToAdd?: CheckoutAddress[] | undefined;
      billingAddressToAdd?: CheckoutAddress[] | undefined;
      paymentInstrumentsToAdd?: CardToken[] | undefined;
    },
    CheckoutState
  >;
  /** Places the order from the shopper's bag, exactly once per idempotency key. */
  placeOrder: Op<{ idempotencyKey: string; order: v.InferOutput<typeof PlaceOrderSchema>; requirePayment: boolean }, PlacementReply>;
  createExpressOrder: Op<{ idempotencyKey: string; from: ExpressFrom }, { id: string }>;
  /**
   * Places the order approved at PayPal, once per PayPal order. Refusals with a code: `express-address` (PayPal's
   * address the bag cannot ship to; detail: the problem) and `express-review` (detail: { amountDue, payerEmail }).
   */
  placeExpressOrder: Op<{ orderId: string; from: ExpressFrom; confirmedAmountDue: number | null }, PlacementReply>;
  lookUpAddress: Op<v.InferOutput<typeof AddressLookupSchema>, AddressLookupReply>;
}

export interface WalletApi {
  validateMerchant: Op<{ validationUrl: string }, MerchantSession>;
  paymentRequest: Op<undefined, WalletPaymentRequest>;
  shippingMethod: Op<{ identifier: string; contact?: WalletRedactedContact | undefined }, WalletTotals>;
  shippingAddress: Op<{ contact: WalletRedactedContact }, WalletTotals & { errors: WalletError[] }>;
  authorize: Op<{ idempotencyKey: string; payment: WalletAuthorize }, WalletReply>;
}

export interface GiftCardsApi {
  balance: Op<GiftCardBalanceInput, GiftCardBalance>;
}

export interface CustomerApi {
  /** The signed-in customer, or null (a guest, or an account that no longer exists). */
  current: Op<undefined, Customer | null>;
  /** Who the visitor is, for the header after hydration. */
  me: Op<undefined, Me>;
  /** The visitor's usid (the spec's payloads carry it) and whether they are signed in. */
  visitor: Op<undefined, { usid: string; signedIn: boolean }>;
  signIn: Op<{ email: string; password: string; keepMeSignedIn: boolean }, SignInReply>;
  register: Op<v.InferOutput<typeof RegisterSchema>, SignInReply>;
  /** Registers from a guest order the browser just placed (its order reference from the order cookie) and signs in. */
  registerWithGuestOrder: Op<{ email: string; password: string; orderId: string; orderReference: string | undefined }, SignInReply>;
  signOut: Op<undefined, null>;
  forgotPassword: Op<{ email: string }, string>;
  resetLinkUsable: Op<{ token: string }, boolean>;
  resetPassword: Op<{ token: string; password: string }, SignInReply>;
  recogniseEmail: Op<{ email: string }, { email: string; registered: boolean }>;
  rewards: Op<undefined, RewardsRecord | null>;
  programmeRewards: Op<{ programme: BrandProgrammeId }, ProgrammeStanding | null>;
  socialChoices: Op<undefined, { name: string; label: string }[]>;
  /** A provider's name as configured, or null when there is none of that name. */
  socialProvider: Op<{ name: string }, string | null>;
  startSocialSignIn: Op<{ provider: string }, SocialSignInStart>;
  /** Completes a social sign-in from the provider's callback parameters and the state the browser kept. */
  finishSocialSignIn: Op<{ provider: string; params: Record<string, string>; state: string | undefined }, SignInReply>;
}

export interface ListsApi {
  wishlist: Op<undefined, Wishlist>;
  addToWishlist: Op<{ productId: string }, Wishlist>;
  removeFromWishlist: Op<{ itemId: string; listId: string }, Wishlist>;
  joinWaitlist: Op<{ sku: string; email: string }, null>;
}

export interface OrdersApi {
  /** Guest order tracking (the form's fields as typed; counted per client address). */
  track: Op<TrackOrderFields | null, Tracked<OrderSummaryView>>;
  trackDetails: Op<TrackOrderFields | null, Tracked<OrderConfirmationView>>;
  /** The signed-in customer's orders, newest first; one of them by number. */
  list: Op<undefined, OrderSummaryView[]>;
  details: Op<{ orderNo: string }, OrderConfirmationView | null>;
  /** The confirmation of the order this browser just placed (its order reference from the order cookie). */
  confirmation: Op<{ orderReference: string | undefined }, OrderConfirmationView | null>;
  recommendations: Op<{ productIds: string[]; limit: number }, { headline: string; products: RecommendationItem[] }>;
}

export interface PerksApi {
  status: Op<undefined, SubscriptionStatus>;
}

/** The store card's pre-screened offer at the payment step (product spec §4 "Card pre-screening offers"). */
export interface StoreCardOfferApi {
  /**
   * The shopper's offer for their bag: the bureau pre-screens the bag's shipping address once per session and bag.
   * A guest with an offer gets their pre-screen data back (for the guest cookie and the application form).
   */
  prescreen: Op<{ inCheckout: boolean }, { offer: StoreCardOffer | null; guestPreScreenData: GuestPreScreenData | null }>;
  /** The shopper saw the offer, or answered NO (the rebuttal). */
  respond: Op<{ event: OfferEvent }, StoreCardOffer>;
  /** Applies on the offer, once; an approval opens the account and, when it can, pays the bag with it. */
  apply: Op<
    PlccData,
    {
      result: ApplicationResult;
      view: ResultView;
      card: { last4: string; availableCents: number } | null;
      paysThisOrder: boolean;
      checkout: CheckoutState;
    }
  >;
}

export interface OutboxApi {
  /** Whether the development outbox page is open (never in production unless asked for). */
  open: Op<undefined, boolean>;
  latest: Op<{ to?: string | undefined }, OutboxMail[]>;
}

/** The published content, as shoppers' pages read it at request time. */
export interface ContentApi {
  /** The header's documents live now, read together (a page never shows half a publish). */
  header: Op<undefined, HeaderContent>;
  /** What pages rendered from content depend on: it changes when a publish, a rollback or a schedule goes live. */
  stamp: Op<undefined, string>;
  /** A content slot live now with its assets (the spec's contentSlot), or null when there is none of that id. */
  slot: Op<{ id: string }, { id: string; assets: ContentAsset[] } | null>;
  /** The live content assets of these ids, in the order asked, leaving out unknown ones (the spec's contentAsset). */
  assets: Op<{ ids: string[] }, ContentAsset[]>;
}

/**
 * The content editors' calls. Every one but signIn, linkUsable and setPassword needs the editor's own token (Caller
 * `editor`, from the editor's cookie): a shopper's session reaches none of them. Publishing, scheduling and rolling
 * back need the `publisher` role.
 */
export interface EditorApi {
  signIn: Op<{ email: string; password: string }, Editor>;
  signOut: Op<undefined, null>;
  /** The signed-in editor, or null. */
  me: Op<undefined, Editor | null>;
  linkUsable: Op<{ token: string }, boolean>;
  /** Sets the password from a one-time link and signs in. */
  setPassword: Op<{ token: string; password: string }, Editor>;
  documents: Op<undefined, DocumentSummary[]>;
  /** A document's version (the latest when none is named). */
  read: Op<{ id: string; version?: number | undefined }, DocumentVersion>;
  /** Saves a draft; a baseVersion that is no longer the latest is refused (409, detail: SaveConflict). */
  save: Op<{ id: string; baseVersion: number; content: unknown }, { version: number }>;
  /** Publishes a version now, or at a New York wall-clock time (YYYY-MM-DDTHH:mm). */
  publish: Op<{ id: string; version: number; at?: string | undefined }, { version: number; liveAt: string }>;
  rollback: Op<{ id: string; toVersion: number }, { version: number }>;
  versions: Op<{ id: string }, VersionInfo[]>;
  audit: Op<undefined, AuditEntry[]>;
  /** The header as shoppers will see it at a New York wall-clock time: the drafts, or what is live then. */
  preview: Op<{ at: string; draft: boolean }, HeaderContent>;
}

export interface MarketingApi {
  /**
   * The e-mail sign-up (the footer's and the order confirmation's): stored once per address with the time and wording
   * of consent, a confirmation e-mail on the first; `stored` is false for an address signed up already.
   */
  subscribe: Op<{ email: string; place: SignupPlace; salesChannel: string }, { stored: boolean }>;
}

export interface AgentsApi {
  /** Signs a support agent in on their phone extension; the agent's own token is handed back in `keep.agent`. */
  signIn: Op<{ email: string; password: string; extension: string }, AgentView>;
  /** The support agent in context (their own token), or null; a shopper's session never names one. */
  current: Op<undefined, AgentView | null>;
  signOut: Op<undefined, null>;
  /** Mutes or unmutes the recording of the agent's call (refused without an agent in context). */
  recording: Op<{ action: RecordingAction; extension?: string | undefined }, { action: RecordingAction; extension: string }>;
}

export interface CommerceApi {
  catalog: CatalogApi;
  bag: BagApi;
  checkout: CheckoutApi;
  wallet: WalletApi;
  giftCards: GiftCardsApi;
  customer: CustomerApi;
  lists: ListsApi;
  orders: OrdersApi;
  perks: PerksApi;
  storeCardOffer: StoreCardOfferApi;
  outbox: OutboxApi;
  content: ContentApi;
  editor: EditorApi;
  marketing: MarketingApi;
  agents: AgentsApi;
}

export type Resource = keyof CommerceApi;

/**
 * A resource as its implementation sees it: each operation takes the implementation's own view of the call (the
 * engine's: src/server/session/call-session.ts) and answers its value, throwing its refusals; the binding turns those
 * into answers (src/server/commerce-api/embedded.ts).
 */
export type Implementation<C, R> = {
  [K in keyof R]: R[K] extends (call: Caller, input: infer I) => Promise<Answer<infer O>>
    ? [I] extends [undefined]
      ? (call: C) => Promise<O>
      : (call: C, input: I) => Promise<O>
    : never;
};

/** The API with the caller already bound: what a page or endpoint calls (`Astro.locals.commerce`, src/web/commerce.ts). */
export type BoundApi<A = CommerceApi> = {
  [R in keyof A]: {
    [K in keyof A[R]]: A[R][K] extends (call: Caller, input: infer I) => Promise<Answer<infer O>>
      ? [I] extends [undefined]
        ? () => Promise<O>
        : (input: I) => Promise<O>
      : never;
  };
};
