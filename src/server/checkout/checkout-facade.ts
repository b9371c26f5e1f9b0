import type * as v from 'valibot';
import { getDb, type Db } from '../db/database.ts';
import { Refusal } from '../refusal.ts';
import { engine } from '../commerce/engine.ts';
import { config, storeOrigin } from '../config.ts';
import { webPaymentButtons, webPaymentProvider } from '../payments/web-payments.ts';
import {
  createExpressOrder as createWebPaymentOrder,
  ExpressRefused,
  placeExpressOrder as placeWebPaymentOrder,
  placementKey,
} from './web-payment-checkout.ts';
import { cardTokenization, paymentGateway, walletOffered } from '../payments/payments.ts';
import { withPayLater } from '../pay-later/pay-later-service.ts';
import { attemptBag } from './placement/attempt-log.ts';
import { placeOrder as place } from './placement/place-order.ts';
import { KEY_REUSED, NOTHING_TO_PAY } from './placement/placement-types.ts';
import { FLASH_MESSAGES } from '#src/lib/checkout/flash.ts';
import type { CheckoutAddress } from '#src/lib/checkout/checkout-types.ts';
import type { PlacementReply } from '#src/lib/commerce/placement-result.ts';
import { ORDER_BAG_EMPTIED } from '#src/lib/checkout/order-messages.ts';
import type { BillingStepSchema, CardToken, EmailStepSchema, PaymentStepSchema, PlaceOrderSchema } from '#src/lib/checkout/checkout-schemas.ts';
import type { Bag, CheckoutState, ShippingAddressChoice, ShippingChoice } from '#src/lib/commerce/bag.ts';
import type { CheckoutApi, Implementation } from '#src/lib/commerce-api/commerce-api.ts';
import type { CallSession } from '../session/call-session.ts';
import { addressSuggestionsEnabled, lookUpAddress } from './address-facade.ts';
import {
  addCustomerData,
  confirmShippingMethod,
  readCheckoutView,
  setBilling,
  setEmail,
  setPayment,
  setShippingAddress,
  chooseSavedAddress,
  chooseEcoship,
  choosePackageProtection,
  gatewayCustomerOf,
  type ProtectionAction,
} from './checkout-service.ts';
import { cardFromGateway } from './card-on-file.ts';
import { storeCardInstrumentOf, storeCardToPay } from './store-card-choice.ts';
import { requireMethodOffered } from './payment-methods-config.ts';

/**
 * The checkout facade: what the checkout's endpoints ask of the engine, for the visitor's own bag (found through
 * their session). Every write answers with the checkout as it is now, so the island shows what the server holds.
 */
type SessionRead = Pick<CallSession, 'session'>;

const NO_BAG = FLASH_MESSAGES.ProductItemsRequired;

async function bagOf(locals: SessionRead): Promise<{ basketId: string; customerId: string | null }> {
  const { basketId, customerId } = await locals.session();
  if (!basketId) throw new Refusal(NO_BAG, 409);
  return { basketId, customerId };
}

async function view(locals: SessionRead): Promise<CheckoutState> {
  const { basketId, customerId } = await locals.session();
  return withPayLater(await readCheckoutView(await getDb(), basketId, customerId));
}

/** The checkout as it is now (the island's first read and every reload). */
export const readCheckout = view;

/** The methods the visitor's bag may ship by, each priced for it, and the one selected. */
export async function shippingMethods(locals: SessionRead, known?: Bag): Promise<ShippingChoice> {
  const { basketId } = await locals.session();
  return (await engine()).listShippingMethods(basketId, known);
}

/** The visitor's bag and its methods priced as if it shipped to the state (the payment sheet's contact); not written. */
export async function priceForState(locals: SessionRead, stateCode: string): Promise<{ bag: Bag; choice: ShippingChoice }> {
  const { basketId } = await bagOf(locals);
  return (await engine()).priceForState(basketId, stateCode);
}

/** Choosing a method on the bag page (no checkout step is completed by it). */
export async function chooseShippingMethod(locals: SessionRead, methodId: string): Promise<Bag> {
  const { basketId } = await bagOf(locals);
  const commerce = await engine();
  await commerce.setShippingMethod(basketId, methodId);
  return commerce.pruneAndReadBasket(basketId);
}

/** The shipping step's submit: the method is the bag's and the step is done. */
export async function submitShippingMethod(locals: SessionRead, methodId: string): Promise<CheckoutState> {
  const { basketId } = await bagOf(locals);
  await confirmShippingMethod(await getDb(), basketId, methodId);
  return view(locals);
}

/** Package protection added, removed or auto-applied (shipping step); the reply is the bag priced with it. */
export async function packageProtection(locals: SessionRead, action: ProtectionAction): Promise<Bag> {
  const { basketId } = await bagOf(locals);
  await choosePackageProtection(await getDb(), basketId, action);
  return (await engine()).pruneAndReadBasket(basketId);
}

/** EcoShip chosen or not (shipping step); held with the bag's checkout. */
export async function ecoship(locals: SessionRead, selected: boolean): Promise<Bag> {
  const { basketId } = await bagOf(locals);
  await chooseEcoship(await getDb(), basketId, selected);
  return (await engine()).pruneAndReadBasket(basketId);
}

export async function submitEmail(locals: SessionRead, input: v.InferOutput<typeof EmailStepSchema>): Promise<CheckoutState> {
  const { basketId } = await bagOf(locals);
  await setEmail(await getDb(), basketId, input.email, input.guest_email_subscription || input.registered_email_subscription);
  return view(locals);
}

export async function submitShippingAddress(locals: SessionRead, input: ShippingAddressChoice): Promise<CheckoutState> {
  const { basketId, customerId } = await bagOf(locals);
  const db = await getDb();
  if (input.addressId) {
    if (!customerId) throw new Refusal('Please sign in to use a saved address.', 401);
    await chooseSavedAddress(db, basketId, customerId, input.addressId);
  } else if (input.address) {
    const save = customerId && input.saveToProfile ? { customerId, makeDefault: input.make_address_default } : null;
    await setShippingAddress(db, basketId, input.address, save);
  }
  return view(locals);
}

/** A tokenized card as the gateway describes it; kept as a saved payment method when a signed-in shopper asks. */
async function newCard(db: Db, token: string, saveFor: string | null) {
  return cardFromGateway(paymentGateway(), token, saveFor ? { customerRef: await gatewayCustomerOf(db, saveFor) } : null);
}

/**
 * The payment step's submit: a tokenized card, a saved card, or the store card (its number, or the holder's saved
 * one: store-card-choice.ts), each only when the bag's brand offers its method.
 */
export async function submitPayment(locals: SessionRead, input: v.InferOutput<typeof PaymentStepSchema>, client: string): Promise<CheckoutState> {
  const { basketId, customerId } = await bagOf(locals);
  const db = await getDb();
  await requireMethodOffered(db, basketId, input.storeCard || storeCardInstrumentOf(input) ? 'plcc' : 'creditCard');
  const storeCard = await storeCardToPay(db, { basketId, customerId, client, input });
  const card = storeCard ?? (input.card ? await newCard(db, input.card.token, customerId && input.save_credit_card ? customerId : null) : null);
  await setPayment(db, basketId, {
    card,
    savedCardId: storeCard ? null : (input.paymentInstrumentId ?? null),
    billingSame: input.billingSameAsShipping,
    billingAddress: input.billingAddress ?? null,
    customerId,
  });
  return view(locals);
}

export async function submitBilling(locals: SessionRead, input: v.InferOutput<typeof BillingStepSchema>): Promise<CheckoutState> {
  const { basketId, customerId } = await bagOf(locals);
  await setBilling(await getDb(), basketId, customerId, input.billingSameAsShipping, input.billingAddress ?? null);
  return view(locals);
}

/** Where the browser sends the card for tokenization (the card never comes to the store). */
export const tokenizationTarget = () => cardTokenization();

/**
 * Places the order from the visitor's bag, exactly once per idempotency key (see src/server/checkout/placement/place-order.ts).
 * The server prices everything again; the only number taken from the browser is the total it showed, to refuse a
 * placement whose total has changed since.
 */
export async function placeOrder(
  locals: SessionRead,
  idempotencyKey: string,
  input: v.InferOutput<typeof PlaceOrderSchema>,
  requirePayment: boolean,
): Promise<PlacementReply> {
  const { basketId: current, customerId, usid } = await locals.session();
  const db = await getDb();
  // Keys are the visitor's own: one visitor's key never answers another's request.
  const key = `${usid}:${idempotencyKey}`;
  // A confirmed order lets the bag go, so a retry of it (its reply was lost) finds no bag: the key's attempt names it.
  const bagId = current ?? (await attemptBag(db, key));
  if (!bagId) throw new Refusal(ORDER_BAG_EMPTIED, 409);
  // A request that itself says nothing is left for a card is refused at once; the claim checks the server's figure.
  if (requirePayment && (input.amountDue ?? input.orderTotal) <= 0) throw new Refusal(NOTHING_TO_PAY, 400);
  // The security code goes to the gateway and nowhere else: not into the request's stored hash either (a hash of
  // three digits is no secret).
  const { security_code: securityCode, ...body } = input;
  return place(
    db,
    paymentGateway(),
    {
      bagId,
      customerId,
      idempotencyKey: key,
      body,
      expectedTotal: input.orderTotal,
      expectedAmountDue: input.amountDue ?? input.orderTotal,
      requirePayment,
      ...(securityCode ? { securityCode } : {}),
    },
    config().PAYMENT_TIMEOUT_MS,
  );
}

/**
 * Express checkout with PayPal: the provider's order for the visitor's bag, made once per key the browser sends
 * (web-payment-checkout.ts). The shopper approves it on the provider's page, which sends them back to `from`'s page.
 */
export async function createExpressOrder(locals: SessionRead, idempotencyKey: string, from: 'bag' | 'payment'): Promise<{ id: string }> {
  const provider = expressProvider();
  const { basketId, usid } = await locals.session();
  if (!basketId) throw new Refusal(NO_BAG, 409);
  const origin = storeOrigin();
  const key = placementKey(usid, idempotencyKey);
  // A key that has placed (or is placing) another bag is refused: the provider would answer its order again, already
  // paid, for this bag at the same amount.
  const placedFor = await attemptBag(await getDb(), key);
  if (placedFor && placedFor !== basketId) throw new Refusal(KEY_REUSED, 422);
  // Cancelling on the provider's page returns to where the shopper left: the bag, or the checkout's payment step.
  const back = from === 'payment' ? '/checkout?step=payment' : '/cart';
  return expressRefusals(() =>
    createWebPaymentOrder(getDb(), provider, {
      bagId: basketId,
      key,
      returnUrl: `${origin}/checkout/paypal/return/?from=${from}`,
      cancelUrl: `${origin}${back}`,
    }),
  );
}

/**
 * Places the order the shopper approved at PayPal, exactly once per provider order (a retry replays the reply). From
 * the bag, PayPal's payer and address become the checkout's; an address the bag cannot ship to is refused with
 * ExpressAddressProblem (409), nothing held, for the shopper to finish in the checkout; an amount due other than the
 * approved one is refused with ExpressReviewNeeded (409) unless `confirmedAmountDue`, the total the review showed, is it.
 */
export async function placeExpressOrder(
  locals: SessionRead,
  orderId: string,
  from: 'bag' | 'payment',
  confirmedAmountDue: number | null = null,
): Promise<PlacementReply> {
  const provider = expressProvider();
  const { basketId, customerId, usid } = await locals.session();
  return expressRefusals(async () =>
    placeWebPaymentOrder(await getDb(), paymentGateway(), provider, {
      bagId: basketId,
      customerId,
      keyPrefix: placementKey(usid, ''),
      orderId,
      leaseMs: config().PAYMENT_TIMEOUT_MS,
      fromBag: from === 'bag',
      confirmedAmountDue,
    }),
  );
}

/** The express checkout's web payment buttons for the page (null: WEB_PAYMENT=off); the island mirrors the bag rules. */
export const expressButtons = () => webPaymentButtons();

function expressProvider() {
  const provider = webPaymentProvider();
  if (!provider) throw new Refusal('PayPal is not offered.', 404);
  return provider;
}

async function expressRefusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ExpressRefused) throw new Refusal(err.message, err.status);
    throw err;
  }
}

export async function saveCustomerData(
  locals: SessionRead,
  input: { shippingAddressToAdd?: CheckoutAddress[]; billingAddressToAdd?: CheckoutAddress[]; paymentInstrumentsToAdd?: CardToken[] },
): Promise<CheckoutState> {
  const { customerId } = await locals.session();
  if (!customerId) throw new Refusal('Please sign in to save to your profile.', 401);
  const db = await getDb();
  const cards = [];
  for (const { token } of input.paymentInstrumentsToAdd ?? []) cards.push(await newCard(db, token, customerId));
  await addCustomerData(db, customerId, {
    addresses: [...(input.shippingAddressToAdd ?? []), ...(input.billingAddressToAdd ?? [])],
    cards,
  });
  return view(locals);
}

/** The checkout resource of the commerce API (src/lib/commerce-api/commerce-api.ts CheckoutApi). */
export const checkoutOperations: Implementation<CallSession, CheckoutApi> = {
  read: readCheckout,
  options: async () => ({
    webPayment: expressButtons(),
    wallet: walletOffered(),
    tokenization: tokenizationTarget(),
    addressSuggestions: addressSuggestionsEnabled(),
  }),
  shippingMethods: (call) => shippingMethods(call),
  chooseShippingMethod: (call, { methodId }) => chooseShippingMethod(call, methodId),
  submitShippingMethod: (call, { methodId }) => submitShippingMethod(call, methodId),
  packageProtection: (call, { action }) => packageProtection(call, action),
  ecoship: (call, { selected }) => ecoship(call, selected),
  submitEmail,
  submitShippingAddress,
  submitPayment: (call, input) => submitPayment(call, input, call.client),
  submitBilling,
  saveCustomerData,
  placeOrder: (call, { idempotencyKey, order, requirePayment }) => placeOrder(call, idempotencyKey, order, requirePayment),
  createExpressOrder: (call, { idempotencyKey, from }) => createExpressOrder(call, idempotencyKey, from),
  placeExpressOrder: (call, { orderId, from, confirmedAmountDue }) => placeExpressOrder(call, orderId, from, confirmedAmountDue),
  lookUpAddress: (call, input) => lookUpAddress(input, call.client),
};
