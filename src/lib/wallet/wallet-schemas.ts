import * as v from 'valibot';

/** Request bodies of the wallet's endpoints under /api/checkout/applepay/ (checkout spec §7). */
export const WalletValidationSchema = v.object({
  /** ApplePayValidateMerchantEvent.validationURL; the server checks it against Apple's hosts. */
  validationURL: v.pipe(v.string('The validation URL is required.'), v.minLength(1, 'The validation URL is required.'), v.maxLength(2048)),
});

export const WalletShippingMethodSchema = v.object({
  /** ApplePayShippingMethod.identifier: one of the methods the payment request listed. */
  identifier: v.pipe(v.string('Shipping method is required.'), v.minLength(1, 'Shipping method is required.'), v.maxLength(64)),
});
