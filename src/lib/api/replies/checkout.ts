import { PAYMENT_METHOD_IDS } from '../../checkout/payment-methods.ts';
import * as v from 'valibot';
import type {
  CheckoutAddress,
  CheckoutView,
  KeptWebPayment,
  OrderConfirmationView,
  OrderResult,
  PaymentView,
  SavedCardView,
} from '../../checkout/checkout-types.ts';
import { ADDRESS_FIELDS } from '../../checkout/address-rules.ts';
import type { AddressLookupReply as AddressLookup, AddressSuggestion, StreetAddress, Verification } from '../../checkout/address-suggestions.ts';
import type { Flash } from '../../checkout/flash.ts';
import type { CardTokenization } from '../../checkout/tokenize.ts';
import { WEB_PAYMENT_SETTINGS, type WebPaymentButtons } from '../../checkout/web-payment-buttons.ts';
import { PAYMENT_METHOD_NAMES } from '../../payment-method-names.ts';
import type { PayLaterOffer } from '../../pay-later/pay-later-rules.ts';
import { BasketSchema, ShippingMethodSchema, SummarySchema } from './bag.ts';
import { exactly } from './exact.ts';

/** The checkout as the endpoints return it (src/lib/checkout/checkout-types.ts), the order placement and confirmation. */
const Text = v.string();
const NullableText = v.nullable(v.string());
const Cents = v.number();

const Address = exactly<CheckoutAddress>()(
  v.object({
    firstName: Text,
    lastName: Text,
    address1: Text,
    address2: Text,
    company: Text,
    city: Text,
    stateCode: Text,
    postalCode: Text,
    phone: Text,
    countryCode: Text,
  }),
);

const paymentEntries = {
  cardType: Text,
  last4: Text,
  expMonth: v.number(),
  expYear: v.number(),
  holder: Text,
  savedCardId: NullableText,
  isExpired: v.boolean(),
};
const Payment = exactly<PaymentView>()(v.object(paymentEntries));
const SavedCard = exactly<SavedCardView>()(
  v.object({
    ...paymentEntries,
    paymentInstrumentId: Text,
    c_plccAccountNumber: v.optional(Text),
    c_otb: v.optional(v.number()),
    c_rewards: v.optional(v.number()),
    c_unavailableMessage: v.optional(Text),
  }),
);

const FlashSchema = exactly<Flash>()(
  v.object({
    type: v.picklist([
      'ProductItemsRequired',
      'EmailRequired',
      'ShippingAddressRequired',
      'ShippingMethodRequired',
      'BillingAddressRequired',
      'PaymentInstrumentRequired',
      'PaymentInstrumentExpired',
    ]),
    message: Text,
  }),
);

const PayLater = exactly<PayLaterOffer>()(
  v.object({ provider: Text, method: v.picklist(Object.values(PAYMENT_METHOD_NAMES)), message: Text, asLowAs: NullableText }),
);

const KeptPayPal = exactly<KeptWebPayment>()(
  v.object({
    orderId: Text,
    email: Text,
    address: Address,
    problem: v.nullable(v.object({ field: v.picklist([...ADDRESS_FIELDS, 'email']), message: Text })),
  }),
);

export const CheckoutSchema = exactly<CheckoutView>()(
  v.object({
    basket: BasketSchema,
    signedIn: v.boolean(),
    accountName: v.nullable(v.object({ firstName: Text, lastName: Text })),
    email: NullableText,
    emailSubscribe: v.boolean(),
    shippingAddress: v.nullable(Address),
    billingAddress: v.nullable(Address),
    billingSameAsShipping: v.boolean(),
    payment: v.nullable(Payment),
    shippingMethods: v.array(ShippingMethodSchema),
    shippingMethodConfirmed: v.boolean(),
    savedAddresses: v.array(v.object({ addressId: Text, address: Address, preferred: v.boolean(), incomplete: v.boolean() })),
    savedCards: v.array(SavedCard),
    c_applicablePaymentMethods: v.array(v.picklist(PAYMENT_METHOD_IDS)),
    _flash: v.array(FlashSchema),
    payLater: v.nullable(PayLater),
    c_webPayment: v.nullable(KeptPayPal),
  }),
);

const Tokenization = exactly<CardTokenization>()(v.object({ url: Text, publishableKey: Text }));

/** { checkout }: every step's submit answers with the checkout as the server now holds it. */
export const CheckoutReply = v.object({ checkout: CheckoutSchema });
/** The express checkout's web payment buttons (src/lib/checkout/web-payment-buttons.ts); null when WEB_PAYMENT=off. */
const WebPaymentButtonsSchema = exactly<WebPaymentButtons>()(
  v.object({
    provider: v.picklist(['paypal', 'embedded']),
    clientId: NullableText,
    environment: v.picklist(['sandbox', 'production']),
    sdkUrl: NullableText,
    approvalBase: NullableText,
    currency: v.literal(WEB_PAYMENT_SETTINGS.currency),
    intent: v.literal(WEB_PAYMENT_SETTINGS.intent),
    components: v.pipe(v.tuple([v.literal('buttons'), v.literal('messages')]), v.readonly()),
    enableFunding: v.pipe(v.tuple([v.literal('venmo')]), v.readonly()),
  }),
);
export const CheckoutStateReply = v.object({
  checkout: CheckoutSchema,
  tokenization: Tokenization,
  addressSuggestions: v.boolean(),
  webPayment: v.nullable(WebPaymentButtonsSchema),
  /** Whether the wallet (Apple Pay) is offered. */
  wallet: v.boolean(),
});
/** Choosing a method answers with the bag; confirming it (the step's submit) with the checkout too. */
export const ShippingMethodChosenReply = v.object({ basket: BasketSchema, checkout: v.optional(CheckoutSchema) });
export const SavedCardsReply = v.array(SavedCard);
export const EmailRecognisedReply = v.object({ email: Text, registered: v.boolean() });

export const OrderResultReply = exactly<OrderResult>()(
  v.object({
    confirmationStatus: v.picklist(['confirmed', 'failed']),
    orderNo: NullableText,
    orderTotal: Cents,
    message: NullableText,
    basket: v.nullable(BasketSchema),
    basketId: NullableText,
  }),
);

/** Express checkout's order at the web payment provider: its id, for the approval page. */
export const ExpressOrderCreatedReply = v.object({ id: Text });

const OrderConfirmation = exactly<OrderConfirmationView>()(
  v.object({
    orderId: Text,
    orderNo: Text,
    email: Text,
    placedAt: Text,
    status: Text,
    lines: v.array(
      v.object({
        productId: Text,
        productName: Text,
        details: v.array(Text),
        imageUrl: Text,
        quantity: v.number(),
        unitPrice: Cents,
        lineTotal: Cents,
        originalTotal: v.nullable(Cents),
      }),
    ),
    summary: SummarySchema,
    delivery: v.nullable(v.object({ name: Text, delivery: Text })),
    shippingAddress: v.nullable(Address),
    billingAddress: v.nullable(Address),
    payment: v.nullable(v.object({ method: v.picklist(Object.values(PAYMENT_METHOD_NAMES)), cardType: NullableText, last4: NullableText })),
    payments: v.array(v.object({ label: Text, amount: Cents, balanceLeft: v.nullable(Cents) })),
    canRegister: v.boolean(),
  }),
);
export const OrderConfirmationReply = v.object({ order: OrderConfirmation });

const Street = exactly<StreetAddress>()(v.object({ address1: Text, address2: Text, city: Text, stateCode: Text, postalCode: Text }));
const VerificationSchema = exactly<Verification>()(
  v.variant('status', [
    v.object({ status: v.literal('confirmed') }),
    v.object({ status: v.literal('corrected'), suggested: Street }),
    v.object({ status: v.literal('unverifiable'), reason: v.picklist(['disabled', 'unsupported', 'not-found', 'unavailable']) }),
  ]),
);
const Suggestion = exactly<AddressSuggestion>()(
  v.object({ streetLine: Text, secondary: Text, city: Text, stateCode: Text, zipcode: Text, entries: v.number() }),
);
export const AddressLookupReply = exactly<AddressLookup>()(
  v.object({ suggestions: v.array(Suggestion), verification: v.optional(VerificationSchema), hint: v.optional(Text) }),
);
