/**
 * Business constants and limits of the spec, in one place. Schemas, islands and the server import these;
 * a limit is never written twice.
 */
export const CURRENCY = 'USD';
/** The store's clock: shipping cut-offs, peak season, promotion windows and membership dates are New York time. */
export const STORE_TIME_ZONE = 'America/New_York';
export const CURRENCY_SYMBOL = '$';
export const DEFAULT_MAX_ORDER_QTY = 10;
export const DEFAULT_QUANTITY = 1;
export const THUMBNAILS_VISIBLE = 4;
/** Checkout spec §9 "Image cache: 30 entries": the most images the product gallery keeps preloaded at once. */
export const IMAGE_CACHE_ENTRIES = 30;
export const BRAND_CODES = ['fb', 'ww', 'rm', 'jl', 'bh', 'ks', 'ca'] as const;
export type BrandCode = (typeof BRAND_CODES)[number];
export const isBrandCode = (code: string | null | undefined): code is BrandCode => !!code && (BRAND_CODES as readonly string[]).includes(code);

/** Our decision (docs/decisions.md): Regular shipping is free on merchandise of $75 or more. */
export const FREE_REGULAR_SHIPPING_THRESHOLD_CENTS = 7500;
export const DEFAULT_SHIPPING_METHOD_ID = 'Regular';
/**
 * What the shopper reads for the Regular method (its id stays Regular, as the spec's ids and analytics have it): the
 * spec's own caution below calls it Standard Delivery, so the method list, the bag, the confirmation and the e-mail do.
 */
export const STANDARD_DELIVERY_NAME = 'Standard Delivery';
/** Checkout spec §8 (caution style): shown when a line (a hemmed item) may only ship by Standard Delivery. */
export const STANDARD_DELIVERY_ONLY_MESSAGE = 'Some items are only eligible for Standard Delivery.';

/** Identifier lengths and limits the API enforces. */
export const ID_MAX_LENGTH = 64;

/** Checkout spec §3 "Address" and §9: the country an address defaults to (the store ships within the US). */
export const DEFAULT_COUNTRY_CODE = 'US';
/** Product spec §9 timers of the checkout's address form, in milliseconds. */
export const CHECKOUT_TIMERS = {
  /** A field is validated this long after it is left. */
  BLUR_VALIDATION_MS: 200,
  /** Address suggestions are asked for this long after the shopper stops typing. */
  ADDRESS_AUTOFILL_MS: 500,
  /** After a suggestion fills the form, the filled fields are validated this long later (browser autofill settles). */
  ADDRESS_AUTOFILL_SETTLE_MS: 400,
} as const;

/** Product spec §9: a scroll position is checked every 50 ms (the checkout's scroll to top settles before focus moves). */
export const SCROLL_CHECK_MS = 50;
/** Checkout spec §4: account recognition runs this long after the e-mail changes. */
export const EMAIL_RECOGNITION_DEBOUNCE_MS = 500;

/** Checkout spec §9: the checkout footer's support ID is a random 5-digit number in this range (inclusive). */
export const SUPPORT_ID_MIN = 10000;
export const SUPPORT_ID_MAX = 99999;
/** The checkout footer's help message (checkout spec §2 "Checkout footer"). */
export const CHECKOUT_HELP_PHONE = '1-800-555-0199';
/** How many 'You may also like' products the order confirmation shows. */
export const ORDER_CONFIRMATION_RECOMMENDATIONS = 8;
