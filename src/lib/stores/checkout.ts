import { pushEvent, shippingMethodEvent } from '../analytics/data-layer.ts';
import { emitSiteError } from '../analytics.ts';
import { atom } from 'nanostores';
import { type ApiResult, callApi } from '../api-client.ts';
import { API } from '../api/contract.ts';
import type { PayloadOf } from '../api/endpoint.ts';
import type { AddressDraft } from '../checkout/address-rules.ts';
import type { CheckoutView, OrderResult } from '../checkout/checkout-types.ts';
import { ORDER_TECHNICAL_PROBLEM, STORE_UNREACHABLE } from '../checkout/order-messages.ts';
import { serverMessageOr } from '../errors.ts';
import type { CardTokenization } from '../checkout/tokenize.ts';
import { forgetPerksStatus } from './perks-forget.ts';
import { $bag } from './bag.ts';
import { $walletOffered, $webPaymentButtons } from './express-buttons.ts';

/**
 * The checkout as the server last returned it, and the calls that change it (checkout spec §7). Islands show what
 * these hold and never compute totals. What the shopper types is in checkout-draft.ts; the card in checkout-card.ts.
 */
export const $checkout = atom<CheckoutView | null>(null);
export const $tokenization = atom<CardTokenization | null>(null);
/** Address suggestions are offered (ADDRESS_SERVICE is not off). */
export const $addressSuggestions = atom(false);
/** The alert at the top of the checkout (an order or a step that failed), or null. */
export const $checkoutAlert = atom<string | null>(null);

type Result = { ok: true } | { ok: false; message: string; status: number };

/** Bumped by every checkout taken and every read asked, so a read overtaken by a later answer is dropped. */
let version = 0;

/**
 * The bag changed on its own (the payment step's code field applied or removed a gift card, rewards or a code): the
 * checkout shows that bag at once, an alert about the bag as it was goes, and the checkout is read again for what the
 * server decides from the bag (whether the store card can pay what is left, the flash list).
 */
$bag.listen((bag) => {
  const current = $checkout.get();
  if (!bag || !current || bag === current.basket || bag.basketId !== current.basket.basketId) return;
  $checkout.set({ ...current, basket: bag });
  $checkoutAlert.set(null);
  void refreshCheckout();
});

async function refreshCheckout(): Promise<void> {
  version += 1;
  const asked = version;
  const r = await callApi(API.checkoutState);
  if (r.ok && asked === version) take(r.body.checkout);
}

function take(checkout: CheckoutView): void {
  version += 1;
  $checkout.set(checkout);
  $bag.set(checkout.basket);
}

/** A checkout another call answered with (a store card application's approval pays the bag): shown as the server holds it. */
export const replaceCheckout = (checkout: CheckoutView): void => take(checkout);

export async function loadCheckout(): Promise<Result> {
  const r = await callApi(API.checkoutState);
  if (!r.ok) return r;
  $tokenization.set(r.body.tokenization);
  $addressSuggestions.set(r.body.addressSuggestions);
  $webPaymentButtons.set(r.body.webPayment);
  $walletOffered.set(r.body.wallet);
  take(r.body.checkout);
  return { ok: true };
}

async function step(call: Promise<ApiResult<{ checkout: CheckoutView }>>): Promise<Result> {
  const r = await call;
  if (!r.ok) return r;
  take(r.body.checkout);
  return { ok: true };
}

export const submitEmail = (email: string, subscribe: boolean, signedIn: boolean) =>
  step(callApi(API.submitEmail, { email, [signedIn ? 'registered_email_subscription' : 'guest_email_subscription']: subscribe }));

export const submitShippingAddress = (payload: PayloadOf<typeof API.createShippingAddress>, isUpdate: boolean) =>
  step(callApi(isUpdate ? API.updateShippingAddress : API.createShippingAddress, payload));

/** Choosing a method saves it at once (leaving the step without submit keeps it); `confirm` submits the step. */
export async function submitShippingMethod(shippingMethodId: string, confirm: boolean): Promise<Result> {
  const r = await callApi(API.chooseShippingMethod, { shippingMethodId, confirm });
  if (!r.ok) return r;
  void pushEvent(shippingMethodEvent(shippingMethodId));
  const current = $checkout.get();
  if (r.body.checkout) take(r.body.checkout);
  else if (current) take({ ...current, basket: r.body.basket });
  return { ok: true };
}

/** Checkout spec §8: a checkout the payment step's update left without a billing address is reported as site error E8001. */
async function paymentStep(path: string, call: Promise<ApiResult<{ checkout: CheckoutView }>>): Promise<Result> {
  const r = await step(call);
  if (r.ok && !$checkout.get()?.billingAddress) emitSiteError({ message: 'E8001', status: 0, path });
  return r;
}

export const submitPayment = (payload: PayloadOf<typeof API.submitPayment>) =>
  paymentStep(API.submitPayment.path, callApi(API.submitPayment, payload));

export const submitBilling = (billingSameAsShipping: boolean, billingAddress?: AddressDraft) =>
  paymentStep(API.updateBillingAddress.path, callApi(API.updateBillingAddress, { billingSameAsShipping, billingAddress }));

export const registerAtPayment = async (payload: PayloadOf<typeof API.registerAtPayment>): Promise<Result> => {
  const r = await callApi(API.registerAtPayment, payload);
  if (!r.ok) return r;
  return loadCheckout();
};

/**
 * Places the order once per attempt: the key is made for the attempt and kept (in this tab) until a definite answer
 * comes, so a retry after a lost reply replays the first answer instead of charging again.
 */
const ATTEMPT_KEY = 'checkout-attempt-key';

function attemptKey(): string {
  let key = sessionStorage.getItem(ATTEMPT_KEY);
  if (!key) {
    key = crypto.randomUUID();
    sessionStorage.setItem(ATTEMPT_KEY, key);
  }
  return key;
}

export async function placeOrder(
  totals: { orderTotal: number; amountDue: number },
  securityCode?: string,
): Promise<{ ok: true; result: OrderResult } | { ok: false; message: string }> {
  // Something left for the card: payment_place_order/create; nothing (gift cards pay it all, or a total of 0): place_order.
  const endpoint = totals.amountDue > 0 ? API.placePaidOrder : API.placeOrder;
  const r = await callApi(
    endpoint,
    { orderTotal: totals.orderTotal, amountDue: totals.amountDue, ...(securityCode ? { security_code: securityCode } : {}) },
    { headers: { 'idempotency-key': attemptKey() } },
  );
  // No answer (network lost), or a server failure without a result: the key is kept, so trying again is safe.
  if (!r.ok && r.status === 0) return { ok: false, message: STORE_UNREACHABLE };
  if (!r.ok && r.status >= 500 && !r.body) return { ok: false, message: serverMessageOr(r, ORDER_TECHNICAL_PROBLEM) };
  sessionStorage.removeItem(ATTEMPT_KEY);
  const result = r.body;
  if (!result) return { ok: false, message: r.ok ? ORDER_TECHNICAL_PROBLEM : serverMessageOr(r, ORDER_TECHNICAL_PROBLEM) };
  // A reply updates the bag only when it is about the bag this page shows (checkout spec §4).
  const current = $checkout.get();
  if (result.basket && result.basketId && current && result.basketId === current.basket.basketId) $bag.set(result.basket);
  // An order holding the membership makes the shopper a member: the kept status is asked again.
  if (result.confirmationStatus === 'confirmed') forgetPerksStatus();
  return { ok: true, result };
}

export const setCheckoutAlert = (message: string | null) => $checkoutAlert.set(message);
