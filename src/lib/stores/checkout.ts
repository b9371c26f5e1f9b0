import { atom } from 'nanostores';
import { callApi } from '../api-client.ts';
import type { CheckoutView, OrderResult } from '../checkout/checkout-types.ts';
import type { CardTokenization } from '../checkout/tokenize.ts';
import type { CardToken } from '../checkout/checkout-schemas.ts';
import { $bag } from './bag.ts';

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

function take(checkout: CheckoutView): void {
  $checkout.set(checkout);
  $bag.set(checkout.basket);
}

export async function loadCheckout(): Promise<Result> {
  const r = await callApi<{ checkout: CheckoutView; tokenization: CardTokenization; addressSuggestions: boolean }>('GET', '/api/checkout/state');
  if (!r.ok) return r;
  $tokenization.set(r.body.tokenization);
  $addressSuggestions.set(r.body.addressSuggestions);
  take(r.body.checkout);
  return { ok: true };
}

async function step(method: 'POST' | 'PUT', path: string, payload: unknown): Promise<Result> {
  const r = await callApi<{ checkout: CheckoutView }>(method, path, payload);
  if (!r.ok) return r;
  take(r.body.checkout);
  return { ok: true };
}

export const submitEmail = (email: string, subscribe: boolean, signedIn: boolean) =>
  step('POST', '/api/checkout/email', { email, [signedIn ? 'registered_email_subscription' : 'guest_email_subscription']: subscribe });

export const submitShippingAddress = (
  payload: { address: unknown; saveToProfile: boolean; make_address_default: boolean } | { c_addressId: string },
  isUpdate: boolean,
) => step('POST', `/api/checkout/shipping_address/${isUpdate ? 'update' : 'create'}/`, payload);

/** Choosing a method saves it at once (leaving the step without submit keeps it); `confirm` submits the step. */
export async function submitShippingMethod(shippingMethodId: string, confirm: boolean): Promise<Result> {
  const r = await callApi<{ basket: CheckoutView['basket']; checkout?: CheckoutView }>('POST', '/api/checkout/shipping_method/', {
    shippingMethodId,
    confirm,
  });
  if (!r.ok) return r;
  const current = $checkout.get();
  if (r.body.checkout) take(r.body.checkout);
  else if (current) take({ ...current, basket: r.body.basket });
  return { ok: true };
}

export const submitPayment = (payload: {
  card?: CardToken;
  paymentInstrumentId?: string;
  billingSameAsShipping: boolean;
  billingAddress?: unknown;
  save_credit_card: boolean;
}) => step('POST', '/api/checkout/payment_method/update/', payload);

export const submitBilling = (billingSameAsShipping: boolean, billingAddress?: unknown) =>
  step('PUT', '/api/checkout/billing_address/update/', { billingSameAsShipping, billingAddress });

export const registerAtPayment = async (payload: { first_name: string; last_name: string; email: string; password: string }): Promise<Result> => {
  const r = await callApi('POST', '/api/checkout/payment_screen_register_user/', payload);
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
  orderTotal: number,
  securityCode?: string,
): Promise<{ ok: true; result: OrderResult } | { ok: false; message: string }> {
  const path = orderTotal > 0 ? '/api/checkout/payment_place_order/create/' : '/api/checkout/place_order/';
  const key = attemptKey();
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ orderTotal, ...(securityCode ? { security_code: securityCode } : {}) }),
  }).catch(() => null);
  // No answer (network lost): the key is kept, so trying again is safe.
  if (!response) return { ok: false, message: 'We could not reach the store. Please check your connection and try again.' };
  const data = (await response.json().catch(() => null)) as { body?: OrderResult; message?: string } | null;
  if (response.status >= 500 && !data?.body)
    return { ok: false, message: data?.message ?? 'There was a technical problem processing your order, please try again' };
  sessionStorage.removeItem(ATTEMPT_KEY);
  const result = data?.body;
  if (!result) return { ok: false, message: data?.message ?? 'There was a technical problem processing your order, please try again' };
  // A reply updates the bag only when it is about the bag this page shows (checkout spec §4).
  const current = $checkout.get();
  if (result.basket && result.basketId && current && result.basketId === current.basket.basketId) $bag.set(result.basket);
  return { ok: true, result };
}

export const setCheckoutAlert = (message: string | null) => $checkoutAlert.set(message);
