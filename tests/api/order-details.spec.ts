import { expect, test, type APIRequest, type APIRequestContext } from '@playwright/test';
import { placeGuestOrder } from '../helpers/place-order-http.ts';

/**
 * An order's page (/orders/{number}): its owner opens it from the order history; anyone else gives the e-mail the
 * order was placed with, posted as on Track my order. A number alone never shows an order: it is printed on e-mails
 * and packing slips, and order numbers are short.
 */
let n = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${n++}@example.com`;
const address = () => `10.${(Date.now() >> 8) & 255}.${n++ & 255}.${Math.floor(Math.random() * 250)}`;

function visitor(playwright: { request: APIRequest }, baseURL: string): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL, 'x-forwarded-for': address() } });
}

const PRODUCT = 'Everyday Crew Tee'; // fb-1001
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('a guest sees an order by its number only with the e-mail it was placed with', async ({ playwright, baseURL }) => {
  const email = uniqueEmail('details');
  const shopper = await visitor(playwright, baseURL!);
  const { orderNo, orderTotal } = await placeGuestOrder(shopper, { email, items: [{ productId: 'fb-1001-blk-M', quantity: 1 }] });
  const stranger = await visitor(playwright, baseURL!);
  const path = `/orders/${orderNo}`;

  const asked = await stranger.get(path);
  expect(asked.status()).toBe(200);
  const form = await asked.text();
  expect(form).toContain('E-mail used for the order');
  expect(form).not.toContain(PRODUCT);
  expect(form).not.toContain(dollars(orderTotal));

  const wrong = await stranger.post(path, { form: { email: uniqueEmail('someone-else') } });
  expect(wrong.status()).toBe(404);
  expect(await wrong.text()).toContain('We could not find an order with that number and e-mail address.');
  expect(await wrong.text()).not.toContain(PRODUCT);

  const found = await stranger.post(path, { form: { email: email.toUpperCase() } });
  expect(found.status()).toBe(200);
  expect(found.headers()['cache-control']).toBe('private, no-store');
  const html = await found.text();
  expect(html).toContain(PRODUCT);
  expect(html).toMatch(new RegExp(`Order total</dt><dd[^>]*>\\${dollars(orderTotal)}<`));
  expect(html).toMatch(/Visa <span[^>]*>ending in 4242<\/span>/);
  expect(html).toContain('Being prepared');
  expect(html).toContain('224 W 35th St');

  const malformed = await stranger.post('/orders/12-345', { form: { email } });
  expect(malformed.status()).toBe(400);
  await Promise.all([shopper.dispose(), stranger.dispose()]);
});

test("a signed-in customer opens their own order from the history, and no one else's", async ({ playwright, baseURL }) => {
  const email = uniqueEmail('owner');
  const shopper = await visitor(playwright, baseURL!);
  const { orderNo, orderTotal } = await placeGuestOrder(shopper, { email, items: [{ productId: 'fb-1001-blk-M', quantity: 1 }] });
  const joined = await shopper.post('/api/checkout/register-user/', { data: { email, password: 'secret123', orderId: orderNo } });
  expect(joined.status()).toBe(200);

  const history = await (await shopper.get('/orders')).text();
  expect(history).toContain(`href="/orders/${orderNo}"`);
  expect(history).toContain(dollars(orderTotal));
  const own = await shopper.get(`/orders/${orderNo}`);
  expect(own.status()).toBe(200);
  expect(await own.text()).toContain(PRODUCT);

  const other = await visitor(playwright, baseURL!);
  const registered = await other.post('/api/global/register', {
    data: { firstName: 'Test', lastName: 'Shopper', email: uniqueEmail('other'), password: 'secret123' },
  });
  expect(registered.status()).toBe(200);
  const theirs = await other.get(`/orders/${orderNo}`);
  expect(theirs.status()).toBe(404);
  expect(await theirs.text()).not.toContain(PRODUCT);
  await Promise.all([shopper.dispose(), other.dispose()]);
});
