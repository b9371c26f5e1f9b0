import * as v from 'valibot';
import { WalletContactSchema, WalletRedactedContactSchema } from './wallet-contact.ts';

/** Request bodies of the wallet's endpoints under /api/checkout/applepay/ (checkout spec §7). */
export const WalletValidationSchema = v.object({
  /** ApplePayValidateMerchantEvent.validationURL; the server checks it against Apple's hosts. */
  validationURL: v.pipe(v.string('The validation URL is required.'), v.minLength(1, 'The validation URL is required.'), v.maxLength(2048)),
});

export const WalletShippingMethodSchema = v.object({
  /** ApplePayShippingMethod.identifier: one of the methods the payment request listed. */
  identifier: v.pipe(v.string('Shipping method is required.'), v.minLength(1, 'Shipping method is required.'), v.maxLength(64)),
  /** The contact the sheet last priced for, when there is one: the totals are its state's (tax), as the payment's will be. */
  shippingContact: v.optional(WalletRedactedContactSchema),
});

/** ApplePayShippingContactSelectedEvent.shippingContact: the redacted contact the sheet prices for. */
export const WalletShippingAddressSchema = v.object({ shippingContact: WalletRedactedContactSchema });

/**
 * The embedded wallet's payment data: the card sandbox's token for the card on the sheet and the merchant session
 * the sheet was opened with. (Apple's own is an encrypted blob for a payment processor to open.)
 */
export const WalletPaymentDataSchema = v.object({
  version: v.literal('sandbox'),
  cardToken: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  merchantSessionIdentifier: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
});

/** ApplePayPaymentAuthorizedEvent.payment, with the amount the sheet showed (cents) to refuse a changed total. */
export const WalletAuthorizeSchema = v.object({
  amountDue: v.pipe(v.number(), v.integer(), v.minValue(0)),
  payment: v.object({
    token: v.object({
      paymentData: WalletPaymentDataSchema,
      paymentMethod: v.optional(
        v.object({
          displayName: v.optional(v.pipe(v.string(), v.maxLength(64))),
          network: v.optional(v.pipe(v.string(), v.maxLength(32))),
          type: v.optional(v.pipe(v.string(), v.maxLength(32))),
        }),
      ),
      transactionIdentifier: v.optional(v.pipe(v.string(), v.maxLength(128))),
    }),
    shippingContact: WalletContactSchema,
    billingContact: WalletContactSchema,
  }),
});
export type WalletAuthorize = v.InferOutput<typeof WalletAuthorizeSchema>;
