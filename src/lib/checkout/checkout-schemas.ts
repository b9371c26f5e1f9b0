import * as v from 'valibot';
import { Email } from '../schemas/email.ts';
import { ID_MAX_LENGTH } from '../constants.ts';
import { AddressEntrySchema } from './street-address.ts';
import { CARD_MESSAGES, digitsOnly, isPlccNumber, PLCC_LENGTH } from './card-numbers.ts';
import { FLASH_MESSAGES } from './flash.ts';
import { ORDER_INFORMATION_INCORRECT } from './order-messages.ts';

/**
 * The checkout endpoints' payloads (checkout spec §7), shared by the island (what it sends) and the endpoints (what
 * they accept). Field rules come from address-rules.ts and card-rules.ts; these only put them together.
 */
const Id = v.pipe(v.string(), v.minLength(1), v.maxLength(ID_MAX_LENGTH));
const Flag = v.optional(v.boolean(), false);

export const EmailStepSchema = v.object({
  email: Email,
  guest_email_subscription: Flag,
  registered_email_subscription: Flag,
});

/** A new address, or (signed in) a saved one by id. */
export const ShippingAddressStepSchema = v.pipe(
  v.object({
    address: v.optional(AddressEntrySchema),
    c_addressId: v.optional(Id),
    saveToProfile: Flag,
    make_address_default: Flag,
  }),
  v.check((p) => !!p.address !== !!p.c_addressId, 'Send either an address or a saved address id.'),
);

/**
 * A card the browser tokenized: the token alone. What the card is (brand, last four, expiry, name) is read from the
 * gateway's record of the token, never taken from the browser.
 */
export const CardTokenSchema = v.strictObject(
  { token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{6,128}$/, 'The card token is not valid.')) },
  'Send the card as its token only.',
);
export type CardToken = v.InferOutput<typeof CardTokenSchema>;

/**
 * A store card (PLCC) as the payment step sends it: its number, to the store's own payment endpoint and never to the
 * card gateway (checkout spec §4 "Card type containing PLCC skips tokenization"). A number of one of the store ranges
 * (card-rules.ts PLCC_PREFIXES), 16 digits; spaces as typed are dropped.
 */
export const StoreCardNumberSchema = v.strictObject(
  {
    number: v.pipe(
      v.string(),
      v.transform(digitsOnly),
      v.check((n) => n.length === PLCC_LENGTH && isPlccNumber(n), CARD_MESSAGES.numberInvalid),
    ),
  },
  'Send the store card as its number only.',
);

const Billing = {
  billingSameAsShipping: v.boolean(),
  billingAddress: v.optional(AddressEntrySchema),
};
const billingGiven = <T extends { billingSameAsShipping: boolean; billingAddress?: object }>(p: T) => p.billingSameAsShipping || !!p.billingAddress;
const BILLING_REQUIRED = FLASH_MESSAGES.BillingAddressRequired;

export const PaymentStepSchema = v.pipe(
  v.object({
    card: v.optional(CardTokenSchema),
    paymentInstrumentId: v.optional(Id),
    /** A store card's number: it skips tokenization (store-card-rules.ts). */
    storeCard: v.optional(StoreCardNumberSchema),
    save_credit_card: Flag,
    ...Billing,
  }),
  v.check((p) => [p.card, p.paymentInstrumentId, p.storeCard].filter(Boolean).length === 1, FLASH_MESSAGES.PaymentInstrumentRequired),
  v.check(billingGiven, BILLING_REQUIRED),
);

export const BillingStepSchema = v.pipe(v.object(Billing), v.check(billingGiven, BILLING_REQUIRED));

/**
 * Placing the order: the total the shopper saw and, when gift cards pay part of it, what they saw left for the card
 * (cents; absent: all of the total); for a saved card its security code, which is checked for form and never stored
 * (checkout spec §7 place_order/ variant). Neither number sets what is charged: a mismatch with the server's refuses.
 */
const wholeCents = v.pipe(v.number(ORDER_INFORMATION_INCORRECT), v.integer(ORDER_INFORMATION_INCORRECT), v.minValue(0, ORDER_INFORMATION_INCORRECT));

export const PlaceOrderSchema = v.object({
  orderTotal: wholeCents,
  amountDue: v.optional(wholeCents),
  security_code: v.optional(v.pipe(v.string(), v.regex(/^\d{3,4}$/, CARD_MESSAGES.codeInvalid))),
  isBillingSameAsShipping: v.optional(v.boolean()),
});

/** Express checkout's order at the web payment provider (PayPal), from the bag or the payment step. */
export const ExpressOrderSchema = v.object({ from: v.optional(v.picklist(['bag', 'payment'])) });

/** The shopper approved the provider's order: place ours (checkout spec §4 "Express checkout"). */
export const ExpressPlaceSchema = v.object({
  basketId: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  orderId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/)),
  payerId: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{0,64}$/))),
  checkoutFromCart: v.optional(v.boolean()),
  /** The amount due (cents) the checkout showed beside Place order, for PayPal kept as its payment. */
  amountDue: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
});

/** Addresses and tokenized cards saved to the signed-in shopper's profile (checkout spec §7 customerdata/). */
const MAX_PROFILE_ITEMS = 5;
export const CustomerDataSchema = v.object({
  shippingAddressToAdd: v.optional(v.pipe(v.array(AddressEntrySchema), v.maxLength(MAX_PROFILE_ITEMS))),
  billingAddressToAdd: v.optional(v.pipe(v.array(AddressEntrySchema), v.maxLength(MAX_PROFILE_ITEMS))),
  paymentInstrumentsToAdd: v.optional(v.pipe(v.array(CardTokenSchema), v.maxLength(MAX_PROFILE_ITEMS))),
});

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
