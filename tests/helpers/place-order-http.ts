import { expect, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';

/**
 * A guest card order placed over HTTP, as the checkout island places it: add to bag, e-mail, shipping address,
 * shipping method, the card tokenized at the sandbox gateway (4242 4242 4242 4242 approves), the payment step, then
 * payment_place_order/create/ with an Idempotency-Key. The request context keeps the cookies, so the order cookie
 * ends up where a page in the same context reads it.
 */
export const SHIP_TO = {
  firstName: 'Ann',
  lastName: 'Lee',
  address1: '224 W 35th St',
  address2: '',
  company: '',
  city: 'New York',
  stateCode: 'NY',
  postalCode: '10001',
  phone: '2125550100',
  countryCode: 'US',
};

/** The PayPal sandbox buyer's home (Austin, TX) as the checkout takes it: a bag shipping there approves its taxed total. */
export const PAYPAL_HOME = {
  firstName: 'Sandy',
  lastName: 'Buyer',
  address1: '1200 Congress Ave',
  address2: 'Apt 4B',
  company: '',
  city: 'Austin',
  stateCode: 'TX',
  postalCode: '78701',
  phone: '5125550142',
  countryCode: 'US',
};

async function ok(res: import('@playwright/test').APIResponse, what: string) {
  expect(res.status(), `${what}: ${await res.text()}`).toBe(200);
  return res.json();
}

type GuestBag = {
  email: string;
  items: { productId: string; quantity: number }[];
  /** A gift card applied with its PIN before the card pays the rest. */
  giftCard?: { number: string; pin: string };
};

/** A guest's bag made ready to place: items, a gift card if given, e-mail, shipping address and method, and a card (payByCard). */
export async function readyGuestBag(
  request: APIRequestContext,
  { email, items, giftCard }: GuestBag,
): Promise<{ orderTotal: number; amountDue: number }> {
  for (const item of items) await ok(await request.post('/api/checkout/product/add_to_cart', { data: item }), 'add to bag');
  if (giftCard) {
    await ok(await request.post('/api/checkout/basket/update/', { data: { code: giftCard.number, giftCardPin: giftCard.pin } }), 'gift card');
  }
  await ok(await request.post('/api/checkout/email', { data: { email } }), 'email');
  await ok(await request.post('/api/checkout/shipping_address/create/', { data: { address: SHIP_TO } }), 'shipping address');
  await ok(await request.post('/api/checkout/shipping_method/', { data: { shippingMethodId: 'Regular', confirm: true } }), 'shipping method');
  return payByCard(request);
}

/** The card tokenized at the sandbox gateway and given at the payment step (again, when a failed placement spent its token). */
export async function payByCard(request: APIRequestContext): Promise<{ orderTotal: number; amountDue: number }> {
  const year = new Date().getFullYear() + 2;
  const token = await ok(
    await request.post('/sandbox-gateway/v1/tokens', {
      headers: { authorization: 'Bearer pk_test_sandbox' },
      form: {
        'card[number]': '4242424242424242',
        'card[exp_month]': '12',
        'card[exp_year]': String(year),
        'card[cvc]': '123',
        'card[name]': 'Ann Lee',
      },
    }),
    'tokenize',
  );
  const card = { token: token.id };
  const paid = await ok(await request.post('/api/checkout/payment_method/update/', { data: { card, billingSameAsShipping: true } }), 'payment');
  const { orderTotal, amountDue = orderTotal }: { orderTotal: number; amountDue?: number } = paid.body.checkout.basket.c_summary;
  return { orderTotal, amountDue };
}

export async function placeGuestOrder(
  request: APIRequestContext,
  bag: GuestBag,
): Promise<{ orderNo: string; orderId: string; orderTotal: number; amountDue: number }> {
  const { orderTotal, amountDue } = await readyGuestBag(request, bag);
  const placed = await ok(
    await request.post('/api/checkout/payment_place_order/create/', {
      headers: { 'idempotency-key': randomUUID() },
      data: { orderTotal, ...(bag.giftCard ? { amountDue } : {}) },
    }),
    'place order',
  );
  expect(placed.body.confirmationStatus).toBe('confirmed');
  return { orderNo: placed.body.orderNo, orderId: placed.body.orderId, orderTotal, amountDue };
}
