import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, test, type APIRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { e2eDb } from '../helpers/e2e-db.ts';
import { SECOND_INSTANCE_PORT } from '../../playwright.config.ts';
import { ORDER_TOTAL_CHANGED } from '#src/lib/checkout/order-messages.ts';
import { ZIP_INVALID } from '#src/lib/checkout/address-rules.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';

/**
 * The checkout over HTTP against the production server: a guest's whole card
 * checkout, exactly-once placement (replay, 422, 409), a declined card then an approved one, an e-gift-card-only
 * bag, every endpoint's bad input, the signed-in extras, and that a card number is never kept. Each test is its own
 * visitor (own cookies and X-Forwarded-For, so per-address limits do not spill between tests).
 */
const CARD = '4242424242424242';
const DECLINED = '4000000000000002';
const ORDER_NO = /^\d{1,4}-\d{5}-\d{3,4}$/;
const ADDRESS = TEST_ADDRESS;

let n = 0;
const clientAddress = () => `10.${(Date.now() >> 8) & 255}.${n++ & 255}.${Math.floor(Math.random() * 250)}`;
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${n++}@example.com`;
const newKey = () => `checkout-${randomUUID()}`;

async function visitor(playwright: { request: APIRequest }, baseURL: string): Promise<APIRequestContext> {
  return playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
}

const state = async (r: APIRequestContext) => {
  const res = await r.get('/api/checkout/state');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).body.checkout;
};
const flashTypes = async (r: APIRequestContext) => (await state(r))._flash.map((f: { type: string }) => f.type);

async function ok(res: APIResponse) {
  expect(res.status(), await res.text()).toBe(200);
  const json = await res.json();
  expect(json.status).toBe('success');
  return json.body;
}

/** The browser's tokenization: the card goes to the sandbox gateway's token endpoint, form-encoded, Stripe's shape. */
async function tokenize(r: APIRequestContext, number = CARD) {
  const res = await r.post('/sandbox-gateway/v1/tokens', {
    headers: { authorization: 'Bearer pk_test_sandbox' },
    form: {
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': '2034',
      'card[cvc]': number.startsWith('37') ? '1234' : '123',
      'card[name]': 'Ada Lovelace',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { id } = await res.json();
  // The token alone: what the card is, the store reads from the gateway.
  return { token: id };
}

const addToBag = async (r: APIRequestContext, data: unknown = { productId: 'fb-1001-blk-M', quantity: 1 }) =>
  ok(await r.post('/api/checkout/product/add_to_cart', { data }));
const payWith = async (r: APIRequestContext, number = CARD, extra: Record<string, unknown> = {}) =>
  ok(
    await r.post('/api/checkout/payment_method/update/', {
      data: {
        card: await tokenize(r, number),
        billingSameAsShipping: true,
        ...extra,
      },
    }),
  );

/** A guest bag with e-mail, address and method, paid by `number`; returns the total the shopper sees. */
async function readyBag(r: APIRequestContext, number = CARD): Promise<number> {
  await addToBag(r);
  await ok(
    await r.post('/api/checkout/email/', {
      data: { email: uniqueEmail('guest') },
    }),
  );
  await ok(
    await r.post('/api/checkout/shipping_address/create/', {
      data: { address: ADDRESS },
    }),
  );
  await ok(
    await r.post('/api/checkout/shipping_method', {
      data: { shippingMethodId: 'Regular', confirm: true },
    }),
  );
  const { checkout } = await payWith(r, number);
  expect(checkout._flash).toEqual([]);
  return checkout.basket.orderTotal;
}

const place = (r: APIRequestContext, data: unknown, key: string | null = newKey(), path = '/api/checkout/payment_place_order/create/') =>
  r.post(path, {
    data,
    headers: key === null ? {} : { 'idempotency-key': key },
  });

test('a guest checks out by card: flash list, each step, tokenization, placement, confirmation, and the bag is empty after', async ({
  playwright,
  baseURL,
}) => {
  const r = await visitor(playwright, baseURL!);
  await addToBag(r);
  expect(await flashTypes(r)).toEqual([
    'EmailRequired',
    'ShippingAddressRequired',
    'ShippingMethodRequired',
    'PaymentInstrumentRequired',
    'BillingAddressRequired',
  ]);
  const email = uniqueEmail('flow');
  const afterEmail = (await ok(await r.post('/api/checkout/email/', { data: { email } }))).checkout;
  expect(afterEmail.email).toBe(email);
  expect(afterEmail._flash.map((f: { type: string }) => f.type)).not.toContain('EmailRequired');

  // The address is stored normalised (spaces collapsed, state upper-cased, phone formatted).
  const typed = {
    ...ADDRESS,
    address1: '  12   Main St ',
    stateCode: 'il',
    phone: '1 217 555 0134',
  };
  const afterAddress = (
    await ok(
      await r.post('/api/checkout/shipping_address/create/', {
        data: { address: typed },
      }),
    )
  ).checkout;
  expect(afterAddress.shippingAddress).toEqual(ADDRESS);
  expect(afterAddress.shippingMethods.map((m: { id: string }) => m.id)).toEqual(['Regular', 'Express', 'SuperFast']);

  const afterMethod = await ok(
    await r.post('/api/checkout/shipping_method', {
      data: { shippingMethodId: 'Express', confirm: true },
    }),
  );
  expect(afterMethod.checkout.shippingMethodConfirmed).toBe(true);
  expect(afterMethod.basket.c_summary.shippingAndHandling).toBe(1499);

  const card = await tokenize(r);
  expect(card).toEqual({ token: expect.stringMatching(/^tok_/) });
  const afterPayment = (
    await ok(
      await r.post('/api/checkout/payment_method/update/', {
        data: { card, billingSameAsShipping: true },
      }),
    )
  ).checkout;
  expect(afterPayment._flash).toEqual([]);
  // What the card is comes from the gateway's record of the token.
  expect(afterPayment.payment).toMatchObject({
    last4: '4242',
    cardType: 'Visa',
    expMonth: 12,
    expYear: 2034,
    holder: 'Ada Lovelace',
    isExpired: false,
  });
  expect(afterPayment.billingAddress).toEqual(ADDRESS);
  const total = afterPayment.basket.orderTotal;
  expect(total).toBe(afterPayment.basket.c_summary.orderTotal);
  expect(total).toBeGreaterThan(1999 + 1499);

  const key = newKey();
  const res = await place(r, { orderTotal: total }, key);
  const result = await ok(res);
  expect(res.headers()['idempotent-replayed']).toBeUndefined();
  expect(result).toMatchObject({
    confirmationStatus: 'confirmed',
    orderTotal: total,
    message: null,
  });
  expect(result.orderNo).toMatch(ORDER_NO);
  const cookie = (await r.storageState()).cookies.find((c) => c.name === 'order_id');
  expect(cookie?.value).toBe(result.orderId);
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(86400 - 120);
  expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(86400 + 5);

  const order = (await ok(await r.post('/api/order-confirmation/order', { data: {} }))).order;
  expect(order).toMatchObject({
    orderNo: result.orderNo,
    email,
    shippingAddress: ADDRESS,
    payment: { cardType: 'Visa', last4: '4242' },
  });
  expect(order.summary).toMatchObject({ shippingAndHandling: 1499, orderTotal: total });
  expect(order.delivery).toEqual({ name: 'Express', delivery: '2-3 business days' });
  expect(order.lines).toHaveLength(1);
  expect(order.lines[0]).toMatchObject({
    quantity: 1,
    unitPrice: 1999,
    lineTotal: 1999,
  });

  const bag = (await (await r.get('/api/checkout/basket')).json()).body.basket;
  expect(bag.productItems).toEqual([]);
  expect(await flashTypes(r)).toContain('ProductItemsRequired');

  // The same key again: the identical reply, marked as replayed; no second order.
  const again = await place(r, { orderTotal: total }, key);
  expect(again.status()).toBe(200);
  expect(again.headers()['idempotent-replayed']).toBe('true');
  expect((await again.json()).body).toEqual(result);
  // The same key with another body: 422.
  const other = await place(r, { orderTotal: total + 1 }, key);
  expect(other.status()).toBe(422);
  expect(await other.json()).toMatchObject({
    status: 'error',
    message: expect.stringMatching(/idempotency key/i),
  });

  // The e-mail subscription on the confirmation page.
  await ok(
    await r.post('/api/order-confirmation/emailSubscription', {
      data: { email },
    }),
  );
  const sub = await r.post('/api/order-confirmation/emailSubscription', {
    data: { email: 'not-an-email' },
  });
  expect(sub.status()).toBe(400);
  await r.dispose();
});

test('the Idempotency-Key header is required (16 to 128 letters, digits, - or _): 400 and nothing placed', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL!);
  const total = await readyBag(r);
  for (const key of [null, 'short', 'x'.repeat(129), 'has spaces in it ok?']) {
    for (const path of ['/api/checkout/payment_place_order/create/', '/api/checkout/place_order']) {
      const res = await place(r, { orderTotal: total }, key, path);
      expect(res.status(), `${path} ${key}`).toBe(400);
      expect((await res.json()).message).toMatch(/Idempotency-Key/);
    }
  }
  expect((await state(r)).basket.productItems).toHaveLength(1);
  await r.dispose();
});

test('a changed total is refused with 409 and the spec’s message; the card must be chosen again', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL!);
  const total = await readyBag(r);
  const res = await place(r, { orderTotal: total - 100 });
  expect(res.status()).toBe(409);
  const json = await res.json();
  expect(json).toMatchObject({ status: 'error', message: ORDER_TOTAL_CHANGED });
  expect(json.body).toMatchObject({
    confirmationStatus: 'failed',
    orderNo: null,
    orderTotal: total,
  });
  expect(await flashTypes(r)).toEqual(['PaymentInstrumentRequired']);
  await payWith(r);
  expect((await ok(await place(r, { orderTotal: total }))).confirmationStatus).toBe('confirmed');
  await r.dispose();
});

test('a placement replayed with its key answers the first reply byte for byte: a refusal with its bag, a confirmed order with the empty bag', async ({
  playwright,
  baseURL,
}) => {
  const r = await visitor(playwright, baseURL!);
  const total = await readyBag(r);
  const refusedKey = newKey();
  const refused = await place(r, { orderTotal: total - 100 }, refusedKey);
  expect(refused.status()).toBe(409);
  const refusedText = await refused.text();
  expect(JSON.parse(refusedText).body.basket.productItems).toHaveLength(1);
  const refusedAgain = await place(r, { orderTotal: total - 100 }, refusedKey);
  expect([refusedAgain.status(), refusedAgain.headers()['idempotent-replayed'], await refusedAgain.text()]).toEqual([409, 'true', refusedText]);

  await payWith(r);
  const confirmedKey = newKey();
  const confirmed = await place(r, { orderTotal: total }, confirmedKey);
  const confirmedText = await confirmed.text();
  expect(confirmed.status(), confirmedText).toBe(200);
  expect(JSON.parse(confirmedText).body.basket.productItems).toEqual([]);
  const confirmedAgain = await place(r, { orderTotal: total }, confirmedKey);
  expect([confirmedAgain.status(), confirmedAgain.headers()['idempotent-replayed'], await confirmedAgain.text()]).toEqual([
    200,
    'true',
    confirmedText,
  ]);
  await r.dispose();
});

test('a declined card fails with the provider’s message and the bag stays; an approved card with a new key then succeeds', async ({
  playwright,
  baseURL,
}) => {
  const r = await visitor(playwright, baseURL!);
  const total = await readyBag(r, DECLINED);
  const res = await place(r, { orderTotal: total });
  expect(res.status()).toBe(402);
  const json = await res.json();
  expect(json).toMatchObject({
    status: 'error',
    message: 'Your card was declined.',
  });
  expect(json.body).toMatchObject({
    confirmationStatus: 'failed',
    orderNo: null,
    orderId: null,
  });
  expect(json.body.basket.productItems).toHaveLength(1);
  expect((await r.storageState()).cookies.find((c) => c.name === 'order_id')).toBeUndefined();
  // The refused card is taken off the bag: the shopper chooses a payment method again.
  const after = await state(r);
  expect(after.basket.productItems).toHaveLength(1);
  expect(after._flash.map((f: { type: string }) => f.type)).toEqual(['PaymentInstrumentRequired']);

  await payWith(r, CARD);
  const placed = await ok(await place(r, { orderTotal: total }));
  expect(placed.confirmationStatus).toBe('confirmed');
  expect(placed.orderNo).toMatch(ORDER_NO);
  await r.dispose();
});

test('an e-gift-card-only bag needs no shipping address or method and pays with its own billing address', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL!);
  await addToBag(r, {
    productId: 'egc-3-egc-50',
    quantity: 1,
    c_giftCardRecipient: 'Ann',
    c_giftCardSender: 'Bo',
    c_giftCardRecipientEmail: 'ann@example.com',
  });
  const first = await state(r);
  expect(first.basket.c_summary.isDigitalItemsOnly).toBe(true);
  expect(first.shippingMethods).toEqual([]);
  expect(first._flash.map((f: { type: string }) => f.type)).toEqual(['EmailRequired', 'PaymentInstrumentRequired', 'BillingAddressRequired']);
  await ok(
    await r.post('/api/checkout/email/', {
      data: { email: uniqueEmail('egc') },
    }),
  );
  // Same-as-shipping is forced off for a digital-only bag: with no address of its own, billing is still required.
  const same = (await payWith(r, CARD)).checkout;
  expect(same.billingSameAsShipping).toBe(false);
  expect(same._flash.map((f: { type: string }) => f.type)).toEqual(['BillingAddressRequired']);
  expect(same.basket.c_summary.isTaxCalculated).toBe(false);
  const paid = (
    await payWith(r, CARD, {
      billingSameAsShipping: false,
      billingAddress: ADDRESS,
    })
  ).checkout;
  expect(paid._flash).toEqual([]);
  expect(paid.shippingAddress).toBeNull();
  // Taxed from the billing address, so the tax is known now (an e-gift card is not taxable).
  expect(paid.basket.c_summary).toMatchObject({ isTaxCalculated: true, totalTax: 0 });
  const result = await ok(await place(r, { orderTotal: paid.basket.orderTotal }));
  expect(result).toMatchObject({
    confirmationStatus: 'confirmed',
    orderTotal: 5000,
  });
  const order = (await ok(await r.post('/api/order-confirmation/order', { data: {} }))).order;
  expect(order.shippingAddress).toBeNull();
  await r.dispose();
});

test('billing address update (PUT): its own address, or the same as shipping', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL!);
  await readyBag(r);
  const billing = {
    ...ADDRESS,
    firstName: 'Charles',
    lastName: 'Babbage',
    address1: '1 Engine Way',
    city: 'Chicago',
    postalCode: '60601',
  };
  const own = (
    await ok(
      await r.put('/api/checkout/billing_address/update/', {
        data: { billingSameAsShipping: false, billingAddress: billing },
      }),
    )
  ).checkout;
  expect(own).toMatchObject({
    billingSameAsShipping: false,
    billingAddress: billing,
  });
  const back = (
    await ok(
      await r.put('/api/checkout/billing_address/update/', {
        data: { billingSameAsShipping: true },
      }),
    )
  ).checkout;
  expect(back).toMatchObject({
    billingSameAsShipping: true,
    billingAddress: ADDRESS,
  });
  const missing = await r.put('/api/checkout/billing_address/update/', {
    data: { billingSameAsShipping: false },
  });
  expect(missing.status()).toBe(400);
  expect((await missing.json()).message).toBe('Please enter a billing address.');
  await r.dispose();
});

test('a shipping address given as one line (street_address: street, city, state, ZIP) is stored as its parts', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL!);
  await addToBag(r);
  await ok(await r.post('/api/checkout/email/', { data: { email: uniqueEmail('line') } }));
  const { address1: _a, address2: _b, city: _c, stateCode: _s, postalCode: _p, ...names } = ADDRESS;
  // 60 characters: the longest line the field takes.
  const line = '4000 Liberty Avenue Northwest, Apt 12, Pittsburgh, PA, 15224';
  expect(line.length).toBe(60);
  const body = await ok(await r.post('/api/checkout/shipping_address/create/', { data: { address: { ...names, street_address: line } } }));
  expect(body.checkout.shippingAddress).toMatchObject({
    address1: '4000 Liberty Avenue Northwest',
    address2: 'Apt 12',
    city: 'Pittsburgh',
    stateCode: 'PA',
    postalCode: '15224',
  });
  await r.dispose();
});

test('every checkout endpoint refuses bad input with a 4xx JSON message (never a 500), the address rules’ own messages included', async ({
  playwright,
  baseURL,
}) => {
  const r = await visitor(playwright, baseURL!);
  // Without a bag.
  for (const [path, data] of [
    ['/api/checkout/email/', { email: 'a@example.com' }],
    ['/api/checkout/shipping_address/create/', { address: ADDRESS }],
    ['/api/checkout/billing_address/update/', { billingSameAsShipping: true }],
  ] as const) {
    const res = path.includes('billing') ? await r.put(path, { data }) : await r.post(path, { data });
    expect(res.status(), path).toBe(409);
    expect((await res.json()).message, path).toBe('Your bag is empty.');
  }
  // Place order with no bag left: the spec's words for a bag that has been emptied.
  const gone = await place(r, { orderTotal: 100 });
  expect(gone.status()).toBe(409);
  expect((await gone.json()).message).toBe(
    "We ran into a technical issue while processing your order, and your shopping bag has been emptied. We're sorry for the inconvenience.",
  );

  await addToBag(r);
  const card = await tokenize(r);
  const cases: [path: string, data: unknown, status: number, message: RegExp][] = [
    ['/api/checkout/email/', { email: 'not-an-email' }, 400, /email/i],
    ['/api/checkout/email/', {}, 400, /./],
    ['/api/checkout/shipping_address/create/', { address: { ...ADDRESS, postalCode: '11111' } }, 400, new RegExp(`^${ZIP_INVALID}$`)],
    ['/api/checkout/shipping_address/create/', { address: { ...ADDRESS, firstName: '' } }, 400, /^First name is required$/],
    // The single-line street address: required, at most 60 characters, not only spaces, a state part of 2 at most.
    ['/api/checkout/shipping_address/create/', { address: { ...ADDRESS, street_address: '' } }, 400, /^Address is required$/],
    ['/api/checkout/shipping_address/create/', { address: { ...ADDRESS, street_address: '   ' } }, 400, /^Enter a valid street address$/],
    [
      '/api/checkout/shipping_address/create/',
      { address: { ...ADDRESS, street_address: `${'1'.repeat(30)} Main St, Springfield, IL, 62701` } },
      400,
      /^Use at most 60 characters$/,
    ],
    [
      '/api/checkout/shipping_address/create/',
      { address: { ...ADDRESS, street_address: '12 Main St, Springfield, ILL, 62701' } },
      400,
      /^Enter a valid street address$/,
    ],
    [
      '/api/checkout/shipping_address/create/',
      { address: { ...ADDRESS, street_address: '12 Main St, Springfield 62701' } },
      400,
      /^Enter a valid street address$/,
    ],
    ['/api/checkout/shipping_address/create/', { address: { ...ADDRESS, stateCode: 'ZZ' } }, 400, /^Choose a valid state$/],
    ['/api/checkout/shipping_address/update/', { address: { ...ADDRESS, phone: '(111) 111-1111' } }, 400, /^Enter a valid mobile phone number$/],
    ['/api/checkout/shipping_address/create/', {}, 400, /either an address or a saved address/],
    ['/api/checkout/shipping_address/create/', { address: ADDRESS, c_addressId: 'x' }, 400, /either an address or a saved address/],
    ['/api/checkout/shipping_address/create/', { c_addressId: 'someone-elses' }, 401, /sign in/],
    ['/api/checkout/shipping_method', { shippingMethodId: 'Teleport', confirm: true }, 400, /./],
    ['/api/checkout/shipping_method', { confirm: true }, 400, /Shipping method is required/],
    ['/api/checkout/payment_method/update/', { billingSameAsShipping: true }, 400, /^Please enter a payment method\.$/],
    ['/api/checkout/payment_method/update/', { card: { ...card, token: 'bad token!' }, billingSameAsShipping: true }, 400, /card token is not valid/],
    [
      '/api/checkout/payment_method/update/',
      { card: { ...card, last4: '0005', cardType: 'American Express' }, billingSameAsShipping: true },
      400,
      /^Send the card as its token only\.$/,
    ],
    ['/api/checkout/payment_method/update/', { card: { token: 'tok_unknown0000000' }, billingSameAsShipping: true }, 400, /could not read this card/],
    ['/api/checkout/payment_method/update/', { card, billingSameAsShipping: false }, 400, /^Please enter a billing address\.$/],
    ['/api/checkout/payment_method/update/', { paymentInstrumentId: 'abc', billingSameAsShipping: true }, 400, /sign in/],
    ['/api/checkout/customerdata/', { shippingAddressToAdd: [ADDRESS] }, 401, /sign in/],
    ['/api/checkout/customerdata/', { shippingAddressToAdd: [{ ...ADDRESS, city: 'Spr1ngfield' }] }, 400, /^Enter a valid city$/],
    ['/api/checkout/payment_screen_register_user/', { first_name: 'A', last_name: 'B', email: 'x', password: 'p' }, 400, /./],
    // Totals that are not whole cents: the spec's message, spelled as it spells it.
    ['/api/checkout/payment_place_order/create/', { orderTotal: -1 }, 400, /^The information we recived is incorrect$/],
    ['/api/checkout/payment_place_order/create/', { orderTotal: 1.5 }, 400, /^The information we recived is incorrect$/],
    ['/api/checkout/place_order', { orderTotal: '4797' }, 400, /^The information we recived is incorrect$/],
    ['/api/checkout/place_order', { orderTotal: 4797, amountDue: 0.5 }, 400, /^The information we recived is incorrect$/],
    ['/api/checkout/payment_place_order/create/', { orderTotal: 0 }, 400, /nothing to pay/],
    ['/api/checkout/place_order', { orderTotal: 4797, security_code: '12' }, 400, /security code/],
    ['/api/order-confirmation/emailSubscription', { email: 5 }, 400, /./],
  ];
  for (const [path, data, status, message] of cases) {
    const res = await r.post(path, {
      data,
      headers: { 'idempotency-key': newKey() },
    });
    expect(res.status(), `${path} ${JSON.stringify(data)}: ${await res.text()}`).toBe(status);
    const json = await res.json();
    expect(json.status, path).toBe('error');
    expect(json.message, `${path} ${JSON.stringify(data)}`).toMatch(message);
  }
  // An incomplete checkout cannot be placed: the first thing missing is named, and nothing is ordered.
  const early = await place(r, { orderTotal: 4797 });
  expect(early.status()).toBe(400);
  expect((await early.json()).message).toBe('Please enter your email.');
  // No order cookie: the confirmation has nothing to show.
  const none = await r.post('/api/order-confirmation/order', { data: {} });
  expect(none.status()).toBe(404);
  expect((await none.json()).message).toMatch(/could not find/);
  expect((await state(r)).basket.productItems).toHaveLength(1);
  await r.dispose();
});

test('a signed-in shopper saves an address and a card to the profile, adds more through customerdata/, and pays with a saved card', async ({
  playwright,
  baseURL,
}) => {
  const r = await visitor(playwright, baseURL!);
  const email = uniqueEmail('member');
  await ok(
    await r.post('/api/global/register', {
      data: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email,
        password: 'secret123',
      },
    }),
  );
  await addToBag(r);
  const first = await state(r);
  expect(first.signedIn).toBe(true);
  expect(first.savedAddresses).toEqual([]);

  await ok(
    await r.post('/api/checkout/shipping_address/create/', {
      data: {
        address: ADDRESS,
        saveToProfile: true,
        make_address_default: true,
      },
    }),
  );
  const saved = (await state(r)).savedAddresses;
  expect(saved).toEqual([
    {
      addressId: expect.any(String),
      address: ADDRESS,
      preferred: true,
      incomplete: false,
    },
  ]);

  const other = {
    ...ADDRESS,
    address1: '99 Oak Ave',
    city: 'Peoria',
    postalCode: '61602',
  };
  const billing = { ...ADDRESS, address1: '5 Bill St' };
  const added = (
    await ok(
      await r.post('/api/checkout/customerdata/', {
        data: {
          shippingAddressToAdd: [other],
          billingAddressToAdd: [billing],
          paymentInstrumentsToAdd: [await tokenize(r, '378282246310005')],
        },
      }),
    )
  ).checkout;
  expect(added.savedAddresses.map((a: { address: { address1: string } }) => a.address.address1).sort()).toEqual([
    '12 Main St',
    '5 Bill St',
    '99 Oak Ave',
  ]);
  expect(added.savedCards.map((c: { last4: string }) => c.last4)).toEqual(['0005']);

  // A saved address chosen by id; another shopper's id is not found.
  const oak = added.savedAddresses.find((a: { address: { address1: string } }) => a.address.address1 === '99 Oak Ave').addressId;
  expect(
    (
      await ok(
        await r.post('/api/checkout/shipping_address/update/', {
          data: { c_addressId: oak },
        }),
      )
    ).checkout.shippingAddress,
  ).toEqual(other);
  const unknown = await r.post('/api/checkout/shipping_address/update/', {
    data: { c_addressId: randomUUID() },
  });
  expect(unknown.status()).toBe(404);

  await ok(
    await r.post('/api/checkout/shipping_method', {
      data: { shippingMethodId: 'Regular', confirm: true },
    }),
  );
  await payWith(r, CARD, { save_credit_card: true });
  const read = await ok(await r.post('/api/checkout/payment_method/read/', { data: {} }));
  expect(read.map((c: { last4: string }) => c.last4).sort()).toEqual(['0005', '4242']);
  for (const c of read) {
    expect(Object.keys(c).sort()).toEqual(['cardType', 'expMonth', 'expYear', 'holder', 'isExpired', 'last4', 'paymentInstrumentId', 'savedCardId']);
    expect(JSON.stringify(c)).not.toContain('tok_');
  }

  // Pay with the saved American Express card and its security code (place_order/ variant).
  const amex = read.find((c: { last4: string }) => c.last4 === '0005');
  const chosen = (
    await ok(
      await r.post('/api/checkout/payment_method/update/', {
        data: {
          paymentInstrumentId: amex.paymentInstrumentId,
          billingSameAsShipping: true,
        },
      }),
    )
  ).checkout;
  expect(chosen.payment).toMatchObject({
    last4: '0005',
    savedCardId: amex.paymentInstrumentId,
  });
  expect(chosen._flash).toEqual([]);
  const placed = await ok(
    await place(
      r,
      {
        orderTotal: chosen.basket.orderTotal,
        security_code: '1234',
        isBillingSameAsShipping: true,
      },
      newKey(),
      '/api/checkout/place_order/',
    ),
  );
  expect(placed.confirmationStatus).toBe('confirmed');
  const order = (await ok(await r.post('/api/order-confirmation/order', { data: {} }))).order;
  expect(order).toMatchObject({
    email,
    payment: { last4: '0005' },
    canRegister: false,
  });
  await r.dispose();
});

test('a guest creates an account at the payment step and is signed in with the same bag and checkout', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL!);
  await addToBag(r);
  await ok(
    await r.post('/api/checkout/email/', {
      data: { email: uniqueEmail('guest') },
    }),
  );
  await ok(
    await r.post('/api/checkout/shipping_address/create/', {
      data: { address: ADDRESS },
    }),
  );
  const before = await state(r);
  expect(before.signedIn).toBe(false);
  const email = uniqueEmail('atpay');
  const res = await r.post('/api/checkout/payment_screen_register_user/', {
    data: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      password: 'secret123',
    },
  });
  const body = await ok(res);
  expect(body.authenticated).toBe(true);
  const after = await state(r);
  expect(after.signedIn).toBe(true);
  expect(after.basket.basketId).toBe(before.basket.basketId);
  expect(after.shippingAddress).toEqual(ADDRESS);
  const twice = await r.post('/api/checkout/payment_screen_register_user/', {
    data: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      password: 'secret123',
    },
  });
  expect(twice.status()).toBe(409);
  const weak = await (await visitor(playwright, baseURL!)).post('/api/checkout/payment_screen_register_user/', {
    data: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: uniqueEmail('weak'),
      password: 'short',
    },
  });
  expect(weak.status()).toBe(400);
  expect((await weak.json()).message).toMatch(/8-16 characters/);
  await r.dispose();
});

test('a signed-in shopper checks out without typing the e-mail: the account’s e-mail is the order’s', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL!);
  const email = uniqueEmail('signedin');
  await ok(
    await r.post('/api/global/register', {
      data: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email,
        password: 'secret123',
      },
    }),
  );
  await addToBag(r);
  const first = await state(r);
  expect(first.email).toBe(email);
  expect(first._flash.map((f: { type: string }) => f.type)).not.toContain('EmailRequired');
  await ok(
    await r.post('/api/checkout/shipping_address/create/', {
      data: { address: ADDRESS },
    }),
  );
  await ok(
    await r.post('/api/checkout/shipping_method', {
      data: { shippingMethodId: 'Regular', confirm: true },
    }),
  );
  const { checkout } = await payWith(r);
  expect(checkout._flash).toEqual([]);
  expect((await ok(await place(r, { orderTotal: checkout.basket.orderTotal }))).confirmationStatus).toBe('confirmed');
  expect((await ok(await r.post('/api/order-confirmation/order', { data: {} }))).order.email).toBe(email);
  await r.dispose();
});

test('twenty placements of one bag with different keys across both app instances: exactly one order, the rest 409', async ({
  playwright,
  baseURL,
}) => {
  const r = await visitor(playwright, baseURL!);
  const total = await readyBag(r);
  const cookies = (await r.storageState()).cookies;
  const other = await playwright.request.newContext({
    baseURL: baseURL!.replace(/:\d+$/, `:${SECOND_INSTANCE_PORT}`),
    storageState: { cookies: cookies.map((c) => ({ ...c })), origins: [] },
  });
  const replies = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const res = await place(i % 2 ? other : r, { orderTotal: total });
      return { status: res.status(), body: await res.json() };
    }),
  );
  const confirmed = replies.filter((x) => x.status === 200);
  expect(confirmed, JSON.stringify(replies.map((x) => [x.status, x.body.message]))).toHaveLength(1);
  expect(confirmed[0]!.body.body.confirmationStatus).toBe('confirmed');
  // The others find the bag being placed, already ordered, or (once the order let it go) no bag at all: 409 each.
  for (const x of replies.filter((y) => y.status !== 200)) {
    expect(x.status, x.body.message).toBe(409);
    expect(x.body).toMatchObject({
      status: 'error',
      message: expect.any(String),
    });
  }
  const db = e2eDb();
  try {
    const orders = await db.kysely.selectFrom('orders').select('order_no').where('id', '=', confirmed[0]!.body.body.orderId).execute();
    expect(orders).toHaveLength(1);
    const basketId = (await state(r)).basket.basketId;
    expect(basketId).not.toBe(confirmed[0]!.body.body.basketId);
    const forBag = await db.kysely.selectFrom('orders').select('id').where('basket_id', '=', confirmed[0]!.body.body.basketId).execute();
    expect(forBag).toHaveLength(1);
  } finally {
    await db.kysely.destroy();
  }
  await other.dispose();
  await r.dispose();
});

test('the card number is never in a reply or anywhere in the database', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL!);
  const seen: string[] = [];
  await addToBag(r);
  const email = uniqueEmail('pan');
  await ok(await r.post('/api/checkout/email/', { data: { email } }));
  await ok(
    await r.post('/api/checkout/shipping_address/create/', {
      data: { address: ADDRESS },
    }),
  );
  await ok(
    await r.post('/api/checkout/shipping_method', {
      data: { shippingMethodId: 'Regular', confirm: true },
    }),
  );
  const tokenReply = await r.post('/sandbox-gateway/v1/tokens', {
    headers: { authorization: 'Bearer pk_test_sandbox' },
    form: {
      'card[number]': CARD,
      'card[exp_month]': '12',
      'card[exp_year]': '2034',
      'card[cvc]': '987',
      'card[name]': 'Ada Lovelace',
    },
  });
  seen.push(await tokenReply.text());
  const { id } = JSON.parse(seen[0]!);
  const data = { card: { token: id }, billingSameAsShipping: true };
  const paid = await r.post('/api/checkout/payment_method/update/', { data });
  seen.push(await paid.text());
  const total = JSON.parse(seen[1]!).body.checkout.basket.orderTotal;
  const placed = await place(r, { orderTotal: total });
  seen.push(await placed.text());
  seen.push(await (await r.get('/api/checkout/state')).text());
  seen.push(await (await r.post('/api/order-confirmation/order', { data: {} })).text());
  expect(JSON.parse(seen[2]!).body.confirmationStatus).toBe('confirmed');
  for (const text of seen) {
    expect(text).not.toContain(CARD);
    expect(text).not.toContain('"987"');
  }

  const db = e2eDb();
  try {
    const columns =
      db.dialect === 'postgres'
        ? (
            await sql<{ table_name: string; column_name: string }>`
              select table_name, column_name from information_schema.columns
              where table_schema = current_schema() and data_type in ('text', 'character varying', 'json', 'jsonb')`.execute(db.kysely)
          ).rows
        : (
            await sql<{ table_name: string; column_name: string }>`
              select m.name as table_name, p.name as column_name from sqlite_master m join pragma_table_info(m.name) p
              where m.type = 'table' and (p.type = '' or upper(p.type) like '%TEXT%' or upper(p.type) like '%CHAR%' or upper(p.type) like '%JSON%')`.execute(
              db.kysely,
            )
          ).rows;
    expect(columns.length).toBeGreaterThan(30);
    const tables = new Set(columns.map((c) => c.table_name));
    for (const t of ['basket_checkout', 'orders', 'order_lines', 'payment_sandbox_tokens', 'checkout_attempts', 'customer_cards'])
      expect(tables, t).toContain(t);
    const columnsHolding = async (text: string) => {
      const hits: string[] = [];
      for (const { table_name, column_name } of columns) {
        const cast = db.dialect === 'postgres' ? sql`cast(${sql.ref(column_name)} as text)` : sql.ref(column_name);
        const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(table_name)} where ${cast} like ${`%${text}%`}`.execute(db.kysely);
        if (Number(row.rows[0]?.n) > 0) hits.push(`${table_name}.${column_name}`);
      }
      return hits;
    };
    // The search finds what is there (this checkout's e-mail, in plain and JSON columns alike)...
    expect(await columnsHolding(email)).toEqual(expect.arrayContaining(['basket_checkout.email', 'orders.email', 'outbox.to_address']));
    // ...and the card number is nowhere.
    expect(await columnsHolding(CARD)).toEqual([]);
  } finally {
    await db.kysely.destroy();
  }
  await r.dispose();
});
