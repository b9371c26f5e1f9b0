/**
 * What a basket still lacks before it can be ordered (the spec's basket `_flash` list, type and message), and the
 * checkout step that follows from it (product spec §4 "Step choice from basket flash messages"). Pure: the server
 * computes the list, the island and the server choose the step with the same function.
 */
export type FlashType =
  | 'ProductItemsRequired'
  | 'EmailRequired'
  | 'ShippingAddressRequired'
  | 'ShippingMethodRequired'
  | 'BillingAddressRequired'
  | 'PaymentInstrumentRequired'
  | 'PaymentInstrumentExpired';

export interface Flash {
  type: FlashType;
  message: string;
}

/** Each flash's text; the checkout's own refusals of the same lack say it the same way. */
export const FLASH_MESSAGES: Record<FlashType, string> = {
  ProductItemsRequired: 'Your bag is empty.',
  EmailRequired: 'Please enter your email.',
  ShippingAddressRequired: 'Please enter a shipping address.',
  ShippingMethodRequired: 'Please choose a shipping method.',
  BillingAddressRequired: 'Please enter a billing address.',
  PaymentInstrumentRequired: 'Please enter a payment method.',
  PaymentInstrumentExpired: 'Your saved card has expired. Please choose another payment method.',
};

export interface FlashInput {
  itemCount: number;
  digitalOnly: boolean;
  hasEmail: boolean;
  hasShippingAddress: boolean;
  shippingMethodConfirmed: boolean;
  hasBillingAddress: boolean;
  /** The bag's card: none, a usable one, or an expired one. */
  payment: 'none' | 'valid' | 'expired';
  /** What is left for a card to pay once gift cards have paid theirs (src/lib/tenders/): zero needs no card. */
  amountDue: number;
}

export function basketFlash(b: FlashInput): Flash[] {
  const types: FlashType[] = [];
  if (b.itemCount === 0) types.push('ProductItemsRequired');
  if (!b.hasEmail) types.push('EmailRequired');
  if (!b.digitalOnly && !b.hasShippingAddress) types.push('ShippingAddressRequired');
  if (!b.digitalOnly && !b.shippingMethodConfirmed) types.push('ShippingMethodRequired');
  if (b.amountDue > 0 && b.payment === 'none') types.push('PaymentInstrumentRequired');
  if (b.amountDue > 0 && b.payment === 'expired') types.push('PaymentInstrumentExpired');
  if (!b.hasBillingAddress) types.push('BillingAddressRequired');
  return types.map((type) => ({ type, message: FLASH_MESSAGES[type] }));
}

/** The checkout's pages (product spec §2 "Checkout page names"). */
export type CheckoutStep =
  | 'information'
  | 'shipping'
  | 'payment'
  | 'review'
  | 'updateEmail'
  | 'updateShippingAddress'
  | 'updateShippingMethod'
  | 'updatePayment'
  | 'updateBillingAddress'
  | 'createShippingAddress'
  | 'createBillingAddress'
  | 'createCreditCard';

export interface StepContext {
  signedIn: boolean;
  /** The basket has shipping methods (it is not digital-only). */
  hasShippingMethods: boolean;
}

const has = (flash: Flash[], ...types: FlashType[]) => flash.some((f) => types.includes(f.type));

/**
 * Product spec §4 "Step choice from basket flash messages", rule by rule, with one change (docs/decisions.md,
 * "Pages, the URL and the server's choice"): ShippingMethodRequired sends every shopper to the shipping step, not
 * only a signed-in one on a wide screen. Here shipping is its own page for everyone, and until it is submitted the
 * shopper has not chosen a speed nor seen EcoShip and package protection, so it is shown until it is.
 */
export function chooseStep(flash: Flash[], ctx: StepContext): CheckoutStep {
  if (has(flash, 'ProductItemsRequired', 'ShippingAddressRequired', 'EmailRequired')) return 'information';
  if (has(flash, 'ShippingMethodRequired')) return 'shipping';
  if (has(flash, 'PaymentInstrumentRequired', 'PaymentInstrumentExpired')) return 'payment';
  if (has(flash, 'BillingAddressRequired') && ctx.hasShippingMethods) return 'payment';
  if (has(flash, 'BillingAddressRequired')) return ctx.signedIn ? 'updateBillingAddress' : 'information';
  return 'review';
}

/** What each page completes: the flash messages its submit clears. */
const COMPLETED_BY = {
  information: ['ProductItemsRequired', 'EmailRequired', 'ShippingAddressRequired'],
  shipping: ['ShippingMethodRequired'],
  payment: ['PaymentInstrumentRequired', 'PaymentInstrumentExpired', 'BillingAddressRequired'],
} as const satisfies Record<string, readonly FlashType[]>;

const BEFORE = {
  shipping: ['information'],
  payment: ['information', 'shipping'],
  review: ['information', 'shipping', 'payment'],
} as const satisfies Record<string, readonly (keyof typeof COMPLETED_BY)[]>;

/**
 * The first thing the pages before `page` still lack, or null when they are all done: the server refuses to take
 * that page's submit (or to place the order, for review) until then, whatever the browser shows.
 */
export function missingBefore(flash: Flash[], page: keyof typeof BEFORE): Flash | null {
  const types: readonly FlashType[] = BEFORE[page].flatMap((p) => COMPLETED_BY[p]);
  return flash.find((f) => types.includes(f.type)) ?? null;
}
