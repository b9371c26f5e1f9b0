import type { PaymentLine } from './order-payments.ts';
import type { BasketSummary, BasketView, ShippingMethodView } from '../commerce-types.ts';
import type { PayLaterOffer } from '../pay-later/pay-later-rules.ts';
import type { Flash } from './flash.ts';
import type { PaymentMethodId } from './payment-methods.ts';
import type { PaymentMethodName } from '../payment-method-names.ts';
import type { AddressDraft, AddressField } from './address-rules.ts';
import type { CardTokenization } from './tokenize.ts';
import type { WebPaymentButtons } from './web-payment-buttons.ts';

/**
 * Isomorphic types of the checkout as the endpoints return it and the island shows it. Money in integer cents.
 */

/** An address as the checkout stores it (the address form's fields, normalised; see address-rules.ts). */
export interface CheckoutAddress {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  company: string;
  city: string;
  stateCode: string;
  postalCode: string;
  phone: string;
  countryCode: string;
}

/** The card on the bag: what tokenization returned. Never a number or a security code. */
export interface PaymentView {
  cardType: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holder: string;
  /** Set when it is one of the signed-in shopper's saved cards. */
  savedCardId: string | null;
  isExpired: boolean;
}

export interface SavedAddressView {
  addressId: string;
  address: CheckoutAddress;
  preferred: boolean;
  /** Missing a field the shipping update needs: shown disabled (checkout spec §5 "Saved addresses"). */
  incomplete: boolean;
}

export interface SavedCardView extends PaymentView {
  paymentInstrumentId: string;
  /** A store card's number as shown (last four behind asterisks), its available credit in cents, its points. */
  c_plccAccountNumber?: string;
  c_otb?: number;
  c_rewards?: number;
  /** Why the card cannot pay this bag, decided by the server (store-card-rules.ts): shown beside it, which stays unchosen. */
  c_unavailableMessage?: string;
}

/**
 * PayPal approved from the bag, kept as the bag's payment while the shopper finishes in the checkout: the address
 * PayPal gave could not be taken as it was (a state or a P.O. box the bag does not ship to, or a field the address
 * rules refuse). `problem` names the field and why, while no shipping address is given.
 */
export interface KeptWebPayment {
  orderId: string;
  /** The payer's PayPal e-mail. */
  email: string;
  address: AddressDraft;
  problem: { field: AddressField | 'email'; message: string } | null;
}

export interface CheckoutView {
  basket: BasketView;
  signedIn: boolean;
  /** A signed-in shopper's name on their account (a new address starts with it). */
  accountName: { firstName: string; lastName: string } | null;
  email: string | null;
  emailSubscribe: boolean;
  shippingAddress: CheckoutAddress | null;
  /** The billing address in use: the shipping address when billingSameAsShipping. */
  billingAddress: CheckoutAddress | null;
  billingSameAsShipping: boolean;
  payment: PaymentView | null;
  shippingMethods: ShippingMethodView[];
  shippingMethodConfirmed: boolean;
  savedAddresses: SavedAddressView[];
  savedCards: SavedCardView[];
  /** The payment methods offered for the bag's brands (payment-methods.ts): the payment step shows only these. */
  c_applicablePaymentMethods: PaymentMethodId[];
  /** What the basket still lacks (the spec's `_flash` list); the step follows it (chooseStep). */
  _flash: Flash[];
  /** The pay-later financing offer for the bag's total, decided by the server (src/server/pay-later/); null: none. */
  payLater: PayLaterOffer | null;
  /** PayPal kept as the payment (KeptWebPayment); null: none. */
  c_webPayment: KeptWebPayment | null;
}

/** The reply of a placement (checkout spec §3 "Order result"). */
export interface OrderResult {
  confirmationStatus: 'confirmed' | 'failed';
  orderNo: string | null;
  /** The total the placement charged or refused, in cents (what the shopper saw, when it was confirmed). */
  orderTotal: number;
  message: string | null;
  basket: BasketView | null;
  basketId: string | null;
}

/** The ways to pay and the services this store offers, for the checkout's first read (the page is static). */
export interface CheckoutOptions {
  /** Where the browser sends the card for tokenization (the card never comes to the store). */
  tokenization: CardTokenization;
  addressSuggestions: boolean;
  /** The express checkout's web payment buttons (null: none offered). */
  webPayment: WebPaymentButtons | null;
  wallet: boolean;
}

export interface OrderLineView {
  /** The master product (co-purchase recommendations start from these). */
  productId: string;
  productName: string;
  /** What the line said under its name in the bag, one text each (src/lib/line-details.ts). */
  details: string[];
  imageUrl: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  /** The line at its original price when it was bought for less (its saving), else null. */
  originalTotal: number | null;
}

export interface OrderPayment {
  method: PaymentMethodName;
  cardType: string | null;
  last4: string | null;
}

/** What the order confirmation shows. */
export interface OrderConfirmationView {
  orderId: string;
  orderNo: string;
  email: string;
  placedAt: string;
  /** The order's state as the store keeps it ('placed'); src/lib/orders/order-status.ts says it in words. */
  status: string;
  lines: OrderLineView[];
  /** The order summary as the checkout showed it when the order was placed. */
  summary: BasketSummary;
  /** The shipping method and its delivery time the shopper chose; null when nothing ships. */
  delivery: { name: string; delivery: string } | null;
  shippingAddress: CheckoutAddress | null;
  /** The address the order was billed to (the shipping address when the shopper said so); null when none was kept. */
  billingAddress: CheckoutAddress | null;
  /**
   * What paid the rest after gift cards and rewards (payment-method-names.ts): a card by its type and last four, or
   * a method with no card (PayPal) by its name alone; null when nothing was left to pay.
   */
  payment: OrderPayment | null;
  /** Every payment with its amount, in the order they paid (src/lib/checkout/order-payments.ts): they make the total. */
  payments: PaymentLine[];
  /** A guest order no account holds yet: the page offers to register with it. */
  canRegister: boolean;
}
