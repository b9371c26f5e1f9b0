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

export async function placeGuestOrder(
  request: APIRequestContext,
  { email, items }: { email: string; items: { productId: string; quantity: number }[] },
): Promise<{ orderNo: string; orderId: string; orderTotal: number }> {
  for (const item of items) await ok(await request.post('/api/checkout/product/add_to_cart', { data: item }), 'add to bag');
  await ok(await request.post('/api/checkout/email', { data: { email } }), 'email');
  await ok(await request.post('/api/checkout/shipping_address/create/', { data: { address: SHIP_TO } }), 'shipping address');
  await ok(await request.post('/api/checkout/shipping_method/', { data: { shippingMethodId: 'Regular', confirm: true } }), 'shipping method');
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
  const orderTotal: number = paid.body.checkout.basket.c_summary.orderTotal;
  const placed = await ok(
    await request.post('/api/checkout/payment_place_order/create/', {
      headers: { 'idempotency-key': randomUUID() },
      data: { orderTotal },
    }),
    'place order',
  );
  expect(placed.body.confirmationStatus).toBe('confirmed');
  return { orderNo: placed.body.orderNo, orderId: placed.body.orderId, orderTotal };
}
