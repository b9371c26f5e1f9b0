import type { Generated } from 'kysely';
import type { PaymentSandboxAuthorizationTable, PaymentSandboxMethodTable, PaymentSandboxTokenTable } from './schema-payments.ts';
import type {
  PaypalSandboxAuthorizationTable,
  PaypalSandboxOrderTable,
  PaypalSandboxRequestTable,
  WebPaymentOrderTable,
} from './schema-web-payment.ts';
import type { WalletMerchantSessionTable } from './schema-wallet.ts';
import type {
  ContentAuditTable,
  ContentPublicationTable,
  ContentVersionTable,
  EditorPasswordLinkTable,
  EditorSessionTable,
  EditorTable,
} from './schema-content.ts';
import type { GiftCardFailureTable, GiftCardLedgerTable, GiftCardTable } from './schema-gift-cards.ts';
import type { StoreCardAccountTable, StoreCardApplicationTable, StoreCardLedgerTable, StoreCardPrescreenTable } from './schema-store-cards.ts';
import type { RewardCertificateTable, RewardsEarningTable, RewardsLedgerTable, RewardsMembershipTable } from './schema-rewards.ts';
import type { PerksMembershipOrderTable, PerksMembershipTable } from './schema-perks.ts';
import type { BagTenderTable, OrderTenderTable } from './schema-tenders.ts';
import type {
  BasketCheckoutTable,
  CheckoutAttemptTable,
  WebPaymentCaptureTable,
  CustomerAddressTable,
  CustomerCardTable,
  EmailSubscriptionTable,
  OrderLineTable,
} from './schema-checkout.ts';
import type { AgentSessionTable, CallRecordingEventTable, SupportAgentTable } from './schema-support-agents.ts';

/**
 * Table types for Kysely. Conventions, identical on SQLite and PostgreSQL so one set of queries serves both:
 * money is integer cents, flags are integers 0/1, timestamps are ISO-8601 UTC text (they sort as text).
 */
export interface BrandTable {
  code: string;
  name: string;
  tagline: string;
  position: number;
}

export interface ProductTable {
  id: string;
  brand_code: string;
  name: string;
  slug: string;
  /** 1 regular, 2 gift card, 3 e-gift card, 4 annual membership (the spec's product type codes). */
  product_type: number;
  category: string;
  description: string;
  is_sub_brand: number;
  sub_brand_name: string | null;
  brand_page_url: string | null;
  is_hemmable: number;
  size_chart_id: string | null;
  is_master_waitlisted: number;
  max_order_qty: number;
  /** Pipe-separated order of the selectable attributes after colour, e.g. "braBandSize|braCupSize". */
  attribute_order: string;
  badge: string | null;
  rating: number | null;
  review_count: number;
  /** Added to shipping per unit of a heavy product (product spec shippingData.shippingSurcharge); 0 for most. */
  heavy_item_surcharge_cents: Generated<number>;
  /** 1: cannot be shipped to a P.O. box (shippingData.isPOBoxExcluded). */
  is_po_box_excluded: Generated<number>;
  /** 1: the product carries California's Proposition 65 warning (product spec isProp65). */
  is_prop65: Generated<number>;
}

export interface ProductColorTable {
  product_id: string;
  color_id: string;
  name: string;
  swatch_hex: string;
  /** B regular, C clearance, F final sale. */
  color_type: string;
  position: number;
}

export interface ProductMediaTable {
  id: string;
  product_id: string;
  color_id: string | null;
  position: number;
  kind: string; // 'image' | 'video'
  url: string;
  thumb_url: string;
  alt: string;
}

export interface VariantTable {
  sku: string;
  product_id: string;
  color_id: string;
  size: string | null;
  size_family: string | null;
  bra_band_size: string | null;
  bra_cup_size: string | null;
  shoe_width: string | null;
  list_price_cents: number;
  sale_price_cents: number;
  orderable: number;
  back_ordered: number;
  /** 0 for gift cards and memberships, which are always addable. */
  track_stock: number;
}

export interface StockTable {
  sku: string;
  on_hand: number;
}

export interface PromotionTable {
  id: string;
  callout_msg: string;
  details: string;
  coupon_code: string | null;
  percent_off: number;
  brand_code: string | null;
  show_in_pdp: number;
  starts_at: string | null;
  ends_at: string | null;
}

export interface PromotionProductTable {
  promotion_id: string;
  product_id: string;
}

export interface HemmingOptionTable {
  product_id: string;
  size_family: string;
  option_id: string;
  inseam: string;
  display_value: string;
  price_cents: number;
  position: number;
}

export interface ShippingMethodTable {
  id: string;
  name: string;
  description: string;
  label: string;
  price_cents: number;
  position: number;
}

export interface TaxRateTable {
  state_code: string;
  /** Basis points: 600 is 6.00 %. */
  rate_bp: number;
}

export interface SessionTable {
  /** SHA-256 of the secret session token: a database dump does not reveal live cookies. */
  id: string;
  usid: string;
  customer_id: string | null;
  basket_id: string | null;
  created_at: string;
  expires_at: string;
  /** 1 when the shopper chose keep-me-signed-in (90-day cookie). */
  remember: Generated<number>;
}

export interface CustomerTable {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  first_name: string;
  last_name: string;
  /** argon2id PHC string; null for an account made through social sign-in only. */
  password_hash: string | null;
  basket_id: string | null;
  created_at: string;
  /** When the holder last proved the e-mail is theirs (reset link used, provider-verified social sign-up). */
  email_verified_at: string | null;
}

export interface PasswordResetTable {
  token_hash: string;
  customer_id: string;
  expires_at: string;
  used_at: string | null;
}

export interface OutboxTable {
  id: string;
  to_address: string;
  subject: string;
  /** The text with its secrets masked (mailer.ts). */
  text_body: string;
  /** The whole text sealed under the gift card key while undelivered (mail/sealed-mail.ts); null for mail without secrets. */
  sealed_body: string | null;
  created_at: string;
}

export interface RateLimitTable {
  key: string;
  count: number;
  reset_at: string;
  /** Sign-in attempts for this key whose password is being checked right now (see throttle.ts reserveAttempt). */
  pending: Generated<number>;
  /** When those in-flight marks lapse (a crashed instance cannot hold them). */
  pending_until: Generated<string | null>;
}

/** A server secret made once and shared by every instance (see accounts/device-cookie.ts). */
export interface AppSecretTable {
  name: string;
  value: string;
  created_at: string;
}

export interface SocialIdentityTable {
  provider: string;
  subject: string;
  customer_id: string;
}

export interface SocialLoginTable {
  state: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  expires_at: string;
}

export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

export interface OrderTable {
  id: string;
  order_no: string;
  customer_id: string | null;
  email: string;
  status: string;
  total_cents: number;
  placed_at: string;
  basket_id: string | null;
  subtotal_cents: number | null;
  discount_cents: number | null;
  shipping_cents: number | null;
  tax_cents: number | null;
  shipping_method_id: string | null;
  shipping_address: string | null;
  billing_address: string | null;
  payment_summary: string | null;
  authorization_id: string | null;
  attempt_id: string | null;
  /** The package protection fee charged (part of total_cents). */
  protection_cents: Generated<number>;
  /** The EcoShip delivery date the shopper accepted (YYYY-MM-DD), or null. */
  ecoship_date: string | null;
  /** The shipping method's name and delivery time as the shopper chose them; null when nothing ships. */
  shipping_method_name: string | null;
  delivery_estimate: string | null;
  /** The order summary as the checkout showed it (BasketSummary JSON: its rows, savings included); null on older orders. */
  summary: string | null;
}

export interface BasketTable {
  id: string;
  currency: string;
  shipping_method_id: string;
  shipping_state_code: string | null;
  status: string; // 'open' | 'ordered'
  /** The checkout attempt placing an order from this bag right now (no other write may touch it), else null. */
  placing_attempt_id: Generated<string | null>;
  last_added_item_id: string | null;
  created_at: string;
  updated_at: string;
  /** Raised by every write to the bag, its lines, codes and checkout choices (triggers, migration 016). */
  version: Generated<number>;
}

export interface BasketItemTable {
  id: string;
  basket_id: string;
  sku: string;
  product_id: string;
  quantity: number;
  hemming_option_id: string | null;
  gift_recipient: string | null;
  gift_sender: string | null;
  gift_recipient_email: string | null;
  gift_message: string | null;
  position: number;
  created_at: string;
  /** The bonus promotion this free line was claimed through; null for a line the shopper bought. */
  bonus_promotion_id: Generated<string | null>;
}

/** A code entered on a bag (coupons only; gift cards and rewards are payment instruments at checkout). */
export interface BasketCouponTable {
  id: string;
  basket_id: string;
  /** Normalised: no spaces or hyphens, upper case. */
  code: string;
  created_at: string;
}

export interface WishlistTable {
  id: string;
  customer_id: string;
  created_at: string;
}

export interface WishlistItemTable {
  id: string;
  wishlist_id: string;
  product_id: string;
  /** The chosen variant's sku, or '' when the product itself was saved. */
  variant_id: string;
  created_at: string;
}

export interface WaitlistEntryTable {
  id: string;
  sku: string;
  /** Lower-cased. */
  email: string;
  created_at: string;
}

/** The retailer's rewards record: what is not per programme (points and membership are rewards_memberships). */
export interface RewardsAccountTable {
  customer_id: string;
  tier: string | null;
  page_url: string | null;
  /** 1 when the customer holds the store's private-label card (isPLCCHolder). */
  plcc_holder: number;
}

/** A free gift offered once the bag's qualifying merchandise reaches a threshold ('Claim Your Free Gift'). */
export interface BonusPromotionTable {
  id: string;
  callout_msg: string;
  /** Cents of qualifying merchandise (after automatic promotions and coupons) the bag needs. */
  threshold_cents: number;
  /** Only this brand's merchandise qualifies; null for every brand. */
  brand_code: string | null;
  /** How many free items one bag may claim through it. */
  max_bonus_items: number;
  starts_at: string | null;
  ends_at: string | null;
}

/** The products a bonus promotion offers (master ids), in the order the picker lists them. */
export interface BonusPromotionProductTable {
  bonus_promotion_id: string;
  product_id: string;
  position: number;
}

/** A state a product may not be shipped to (two-letter code, as `tax_rates.state_code`). */
export interface ProductShippingRestrictionTable {
  product_id: string;
  state_code: string;
}

/** The catalog's version: one row (id 1), its number raised by every write that changes the catalog. */
export interface CatalogStateTable {
  id: number;
  version: number;
  changed_at: string;
}

export interface Database {
  brands: BrandTable;
  products: ProductTable;
  product_colors: ProductColorTable;
  product_media: ProductMediaTable;
  variants: VariantTable;
  stock: StockTable;
  promotions: PromotionTable;
  promotion_products: PromotionProductTable;
  hemming_options: HemmingOptionTable;
  shipping_methods: ShippingMethodTable;
  tax_rates: TaxRateTable;
  sessions: SessionTable;
  baskets: BasketTable;
  basket_items: BasketItemTable;
  customers: CustomerTable;
  password_resets: PasswordResetTable;
  outbox: OutboxTable;
  rate_limits: RateLimitTable;
  app_secrets: AppSecretTable;
  social_identities: SocialIdentityTable;
  social_logins: SocialLoginTable;
  oidc_payloads: OidcPayloadTable;
  orders: OrderTable;
  rewards_accounts: RewardsAccountTable;
  basket_coupons: BasketCouponTable;
  wishlists: WishlistTable;
  wishlist_items: WishlistItemTable;
  waitlist_entries: WaitlistEntryTable;
  bonus_promotions: BonusPromotionTable;
  bonus_promotion_products: BonusPromotionProductTable;
  product_shipping_restrictions: ProductShippingRestrictionTable;
  catalog_state: CatalogStateTable;
  basket_checkout: BasketCheckoutTable;
  checkout_attempts: CheckoutAttemptTable;
  order_lines: OrderLineTable;
  customer_addresses: CustomerAddressTable;
  customer_cards: CustomerCardTable;
  email_subscriptions: EmailSubscriptionTable;
  support_agents: SupportAgentTable;
  agent_sessions: AgentSessionTable;
  call_recording_events: CallRecordingEventTable;
  payment_sandbox_tokens: PaymentSandboxTokenTable;
  payment_sandbox_authorizations: PaymentSandboxAuthorizationTable;
  payment_sandbox_methods: PaymentSandboxMethodTable;
  paypal_sandbox_orders: PaypalSandboxOrderTable;
  paypal_sandbox_authorizations: PaypalSandboxAuthorizationTable;
  paypal_sandbox_requests: PaypalSandboxRequestTable;
  web_payment_orders: WebPaymentOrderTable;
  wallet_merchant_sessions: WalletMerchantSessionTable;
  web_payment_captures: WebPaymentCaptureTable;
  gift_cards: GiftCardTable;
  gift_card_ledger: GiftCardLedgerTable;
  gift_card_failures: GiftCardFailureTable;
  rewards_memberships: RewardsMembershipTable;
  rewards_earnings: RewardsEarningTable;
  rewards_ledger: RewardsLedgerTable;
  reward_certificates: RewardCertificateTable;
  perks_memberships: PerksMembershipTable;
  perks_membership_orders: PerksMembershipOrderTable;
  bag_tenders: BagTenderTable;
  order_tenders: OrderTenderTable;
  store_card_accounts: StoreCardAccountTable;
  store_card_ledger: StoreCardLedgerTable;
  editors: EditorTable;
  editor_sessions: EditorSessionTable;
  editor_password_links: EditorPasswordLinkTable;
  content_versions: ContentVersionTable;
  content_publications: ContentPublicationTable;
  content_audit: ContentAuditTable;
  store_card_prescreens: StoreCardPrescreenTable;
  store_card_applications: StoreCardApplicationTable;
}
