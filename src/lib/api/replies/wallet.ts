import * as v from 'valibot';
import type { WalletPaymentRequest, WalletTotals } from '../../wallet/payment-request.ts';
import type { WalletError } from '../../wallet/wallet-contact.ts';
import { OrderResultReply } from './checkout.ts';
import { exactly } from './exact.ts';

/** The wallet's replies (src/lib/wallet/payment-request.ts): Apple Pay JS's shapes, amounts as decimal strings. */
const Amount = v.pipe(v.string(), v.regex(/^-?\d+\.\d{2}$/));
const LineItem = v.object({ label: v.string(), amount: Amount, type: v.literal('final') });
const ShippingMethod = v.object({ label: v.string(), detail: v.string(), amount: Amount, identifier: v.string() });

const Totals = exactly<WalletTotals>()(v.object({ total: LineItem, lineItems: v.array(LineItem), shippingMethods: v.array(ShippingMethod) }));

export const WalletPaymentRequestReply = v.object({
  version: v.literal(3),
  paymentRequest: exactly<WalletPaymentRequest>()(
    v.object({
      countryCode: v.literal('US'),
      currencyCode: v.literal('USD'),
      merchantCapabilities: v.tuple([v.literal('supports3DS')]),
      supportedNetworks: v.tuple([v.literal('visa'), v.literal('masterCard'), v.literal('amex'), v.literal('discover')]),
      requiredShippingContactFields: v.tuple([v.literal('postalAddress'), v.literal('name'), v.literal('email'), v.literal('phone')]),
      requiredBillingContactFields: v.tuple([v.literal('postalAddress'), v.literal('name')]),
      total: LineItem,
      lineItems: v.array(LineItem),
      shippingMethods: v.array(ShippingMethod),
    }),
  ),
});

export const WalletTotalsReply = Totals;

/** ApplePayError's fields (src/lib/wallet/wallet-contact.ts). */
const WalletErrorSchema = exactly<WalletError>()(
  v.object({
    code: v.picklist(['shippingContactInvalid', 'billingContactInvalid', 'addressUnserviceable', 'unknown']),
    contactField: v.optional(
      v.picklist(['name', 'addressLines', 'locality', 'administrativeArea', 'postalCode', 'countryCode', 'phoneNumber', 'emailAddress']),
    ),
    message: v.string(),
  }),
);

/** A shipping contact's answer: the totals for it, and what the sheet shows beside a contact the store does not serve. */
export const WalletContactTotalsReply = v.object({ ...Totals.entries, errors: v.array(WalletErrorSchema) });

/** The payment's answer: place_order's, and the contact problems for the sheet. */
export const WalletOrderResultReply = v.object({ ...OrderResultReply.entries, errors: v.array(WalletErrorSchema) });

export const MerchantSessionReply = v.object({
  // Opaque to the browser, which hands it to the payment sheet: the fields every session has, the rest as Apple sent.
  merchantSession: v.looseObject({ merchantSessionIdentifier: v.string(), epochTimestamp: v.number(), expiresAt: v.number(), signature: v.string() }),
});
