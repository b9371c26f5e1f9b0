import { FLASH_MESSAGES } from '#src/lib/checkout/flash.ts';
import type { Bag, ShippingChoice } from '#src/lib/commerce/bag.ts';
import { bagHoldsMembership } from '#src/lib/membership-rules.ts';
import {
  paymentRequest,
  totals,
  WALLET_DISPLAY_NAME,
  type BagFigures,
  type WalletPaymentRequest,
  type WalletTotals,
} from '#src/lib/wallet/payment-request.ts';
import { redactedContactErrors, stateCodeOf, type WalletError, type WalletRedactedContact } from '#src/lib/wallet/wallet-contact.ts';
import type { WalletAuthorize } from '#src/lib/wallet/wallet-schemas.ts';
import { readBasket } from '../bag/basket-facade.ts';
import { chooseShippingMethod, priceForState, shippingMethods } from '../checkout/checkout-facade.ts';
import { config, storeOrigin } from '../config.ts';
import { getDb } from '../db/database.ts';
import { Refusal } from '../refusal.ts';
import { paymentGateway, walletOffered } from '../payments/payments.ts';
import { authorizeWalletPayment } from './wallet-payment.ts';
import type { MerchantSession, WalletReply } from '#src/lib/wallet/wallet-replies.ts';
import type { MerchantValidator } from './merchant-validator.ts';
import { makeMerchantValidator } from './wallets.ts';
import type { Implementation, WalletApi } from '#src/lib/commerce-api/commerce-api.ts';
import type { CallSession } from '../session/call-session.ts';

/**
 * The wallet facade: what the endpoints under /api/checkout/applepay/ ask, for the visitor's own bag. Every figure
 * the payment sheet shows comes from the server's pricing of the bag; the sheet's choices (a shipping method) are
 * applied to the bag and priced again.
 */
type SessionRead = Pick<CallSession, 'session' | 'sessionWith'>;

export const WALLET_MESSAGES = {
  off: 'Apple Pay is not available. Please choose another way to pay.',
  badUrl: 'This is not an Apple Pay validation address.',
  unavailable: 'Apple Pay could not be started. Please try again or choose another way to pay.',
  membership: 'Apple Pay is not available for a perks membership. Please pay by card.',
  unknownMethod: 'This shipping method is not available for your bag.',
  restricted: 'Some items in your bag cannot be shipped to this state.',
} as const;

let validator: MerchantValidator | null | undefined;
const merchantValidator = () => {
  validator ??= makeMerchantValidator();
  if (!validator) throw new Refusal(WALLET_MESSAGES.off, 404);
  return validator;
};

/** The visitor's bag when the wallet may pay it: it has lines and no perks item. */
async function walletBag(locals: SessionRead): Promise<Bag> {
  merchantValidator();
  const bag = await readBasket(locals);
  if (!bag.basketId || bag.lines.length === 0) throw new Refusal(FLASH_MESSAGES.ProductItemsRequired, 409);
  if (bagHoldsMembership(bag.lines.map((l) => l.productType))) throw new Refusal(WALLET_MESSAGES.membership, 422);
  return bag;
}

export async function validateMerchant(locals: SessionRead, validationUrl: string): Promise<MerchantSession> {
  await walletBag(locals);
  const result = await merchantValidator().validate({
    validationUrl,
    domainName: new URL(storeOrigin()).hostname,
    displayName: WALLET_DISPLAY_NAME,
  });
  if (result.ok) return result.session;
  throw new Refusal(result.code === 'bad_url' ? WALLET_MESSAGES.badUrl : WALLET_MESSAGES.unavailable, result.code === 'bad_url' ? 400 : 502);
}

/** The bag's figures in the payment sheet's terms: each line adds up to what a card pays (amountDue). */
function figures(bag: Bag): BagFigures {
  const adjustments: BagFigures['adjustments'] = [];
  const discount = bag.productTotal - bag.productSubTotal;
  if (discount !== 0) adjustments.push({ label: 'Discounts', cents: discount });
  const fees = bag.orderTotal - bag.productTotal - bag.shippingTotal - bag.taxTotal;
  if (fees !== 0) adjustments.push({ label: 'Fees', cents: fees });
  const tenders = bag.amountDue - bag.orderTotal;
  if (tenders !== 0) adjustments.push({ label: 'Gift cards and rewards', cents: tenders });
  return { amountDue: bag.amountDue, productSubTotal: bag.productSubTotal, shippingTotal: bag.shippingTotal, taxTotal: bag.taxTotal, adjustments };
}

const options = (choice: ShippingChoice) => choice.methods.map((m) => ({ id: m.id, name: m.name, description: m.description, price: m.price }));

export async function walletPaymentRequest(locals: SessionRead): Promise<WalletPaymentRequest> {
  const bag = await walletBag(locals);
  const choice = await shippingMethods(locals, bag);
  return paymentRequest(figures(bag), options(choice), choice.selected);
}

export async function walletShippingMethod(locals: SessionRead, identifier: string, contact?: WalletRedactedContact): Promise<WalletTotals> {
  const before = await walletBag(locals);
  const offered = await shippingMethods(locals, before);
  if (!offered.methods.some((m) => m.id === identifier)) throw new Refusal(WALLET_MESSAGES.unknownMethod, 400);
  const chosen = await chooseShippingMethod(locals, identifier);
  // Priced for the sheet's contact when it is one the store serves: the payment will be taxed for that state.
  const { bag, choice } =
    contact && redactedContactErrors(contact).length === 0
      ? await priceForState(locals, stateCodeOf(contact.administrativeArea))
      : { bag: chosen, choice: await shippingMethods(locals, chosen) };
  const request = paymentRequest(figures(bag), options(choice), choice.selected);
  return { ...totals(figures(bag)), shippingMethods: request.shippingMethods };
}

/**
 * The shopper picked a shipping contact on the sheet (redacted: country, state, city, ZIP code): the bag priced for
 * that state, as the checkout prices it (tax, methods), without changing the bag; or, for an address the store does
 * not ship to, the bag's totals as they are and the errors for the sheet.
 */
export async function walletShippingAddress(locals: SessionRead, contact: WalletRedactedContact): Promise<WalletTotals & { errors: WalletError[] }> {
  const current = await walletBag(locals);
  const errors = redactedContactErrors(contact);
  const { bag, choice } =
    errors.length === 0
      ? await priceForState(locals, stateCodeOf(contact.administrativeArea))
      : { bag: current, choice: await shippingMethods(locals, current) };
  if (errors.length === 0 && bag.lines.some((l) => l.showRestrictedShippingStateMessage)) {
    errors.push({ code: 'addressUnserviceable', contactField: 'administrativeArea', message: WALLET_MESSAGES.restricted });
  }
  const request = paymentRequest(figures(bag), options(choice), choice.selected);
  return { total: request.total, lineItems: request.lineItems, shippingMethods: request.shippingMethods, errors };
}

/** The shopper authorized the payment on the sheet: placed once per Idempotency-Key (wallet-payment.ts). */
export async function walletAuthorize(locals: SessionRead, idempotencyKey: string, input: WalletAuthorize): Promise<WalletReply> {
  merchantValidator();
  if (!walletOffered()) throw new Refusal(WALLET_MESSAGES.off, 404);
  const { basketId, customerId, usid } = await locals.session();
  return authorizeWalletPayment(await getDb(), paymentGateway(), {
    bagId: basketId,
    customerId,
    // The visitor's own key: one visitor's key never answers another's payment.
    key: `wallet:${usid}:${idempotencyKey}`,
    input,
    leaseMs: config().PAYMENT_TIMEOUT_MS,
  });
}

/** The wallet resource of the commerce API (src/lib/commerce-api/commerce-api.ts WalletApi). */
export const walletOperations: Implementation<CallSession, WalletApi> = {
  validateMerchant: (call, { validationUrl }) => validateMerchant(call, validationUrl),
  paymentRequest: walletPaymentRequest,
  shippingMethod: (call, { identifier, contact }) => walletShippingMethod(call, identifier, contact),
  shippingAddress: (call, { contact }) => walletShippingAddress(call, contact),
  authorize: (call, { idempotencyKey, payment }) => walletAuthorize(call, idempotencyKey, payment),
};
