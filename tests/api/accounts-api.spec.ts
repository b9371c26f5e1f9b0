import { expect, test, type APIRequest, type APIRequestContext } from '@playwright/test';
import { e2eDb } from '../helpers/e2e-db.ts';
import { placeGuestOrder } from '../helpers/place-order-http.ts';
import { SECOND_INSTANCE_PORT } from '../../playwright.config.ts';

/**
 * Accounts through HTTP. The servers run with TRUST_PROXY=1, so each test sends its own X-Forwarded-For and the
 * per-address limits of one test do not spill into another.
 */
let n = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${n++}@example.com`;
const address = () => `10.${(Date.now() >> 8) & 255}.${n++ & 255}.${Math.floor(Math.random() * 250)}`;

async function newVisitor(playwright: { request: APIRequest }, baseURL: string): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address() } });
}
const register = (r: APIRequestContext, email: string, password = 'secret123', extra = {}) =>
  r.post('/api/global/register', { data: { firstName: 'Test', lastName: 'Shopper', email, password, ...extra } });
const login = (r: APIRequestContext, email: string, password: string, keepMeSignedIn = false) =>
  r.post('/api/global/login', { data: { email, password, keepMeSignedIn } });
const me = async (r: APIRequestContext) => (await (await r.get('/api/global/me')).json()).body;
const sid = async (r: APIRequestContext) => (await r.storageState()).cookies.find((c) => c.name === 'sid');

test('register signs in; the same e-mail cannot register twice; weak passwords are refused', async ({ playwright, baseURL }) => {
  const r = await newVisitor(playwright, baseURL!);
  const email = uniqueEmail('reg');
  const res = await register(r, email);
  expect(res.status()).toBe(200);
  const body = (await res.json()).body;
  expect(body.token).toMatchObject({ authenticated: true });
  expect(body.profileData).toMatchObject({ email, firstName: 'Test' });
  expect(body.mergeBasket).toEqual({ redirectToCart: false, notificationMsg: null, removedMembershipBrand: null, showPerksRemovalMsg: false });
  expect(await me(r)).toMatchObject({ authenticated: true, firstName: 'Test' });

  const again = await register(await newVisitor(playwright, baseURL!), email.toUpperCase());
  expect(again.status()).toBe(409);
  for (const password of ['short1', 'nodigitshere', '12345678', 'waytoolongpassword1']) {
    const weak = await register(await newVisitor(playwright, baseURL!), uniqueEmail('weak'), password);
    expect(weak.status(), password).toBe(400);
    expect((await weak.json()).message).toMatch(/8-16 characters/);
  }
});

test('sign-in replaces the session id; sign-out kills it on the server, so a replayed cookie is a guest', async ({ playwright, baseURL }) => {
  const email = uniqueEmail('rot');
  await register(await newVisitor(playwright, baseURL!), email);
  const r = await newVisitor(playwright, baseURL!);
  await r.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1001-blk-M', quantity: 1 } });
  const guestSid = await sid(r);
  const res = await login(r, email, 'secret123', true);
  expect(res.status()).toBe(200);
  expect((await res.json()).message).toBe('Login completed successfully');
  const customerSid = await sid(r);
  expect(customerSid!.value).not.toBe(guestSid!.value);
  expect(customerSid!.expires).toBeGreaterThan(Date.now() / 1000 + 89 * 86400); // keep me signed in: 90 days

  // The old guest cookie no longer names a session.
  const replayGuest = await playwright.request.newContext({ baseURL, storageState: { cookies: [guestSid!], origins: [] } });
  expect(await me(replayGuest)).toMatchObject({ authenticated: false });

  expect((await r.post('/api/global/logout', { data: {} })).status()).toBe(200);
  expect(await me(r)).toMatchObject({ authenticated: false });
  expect(await sid(r)).toBeUndefined(); // the cookies go; no new guest session is made until there is a bag
  const replay = await playwright.request.newContext({ baseURL, storageState: { cookies: [customerSid!], origins: [] } });
  expect(await me(replay)).toMatchObject({ authenticated: false });
});

test('without keep-me-signed-in the session cookie ends with the browser', async ({ playwright, baseURL }) => {
  const email = uniqueEmail('brs');
  await register(await newVisitor(playwright, baseURL!), email);
  const r = await newVisitor(playwright, baseURL!);
  await login(r, email, 'secret123', false);
  expect((await sid(r))!.expires).toBe(-1);
});

// That both cost the same argon2id work is asserted by counting verifications, not by timing them: see
// tests/engine/sign-in-cost.test.ts (a wall-clock ratio flakes on a loaded machine).
test('an unknown e-mail and a wrong password get the same reply', async ({ playwright, baseURL }) => {
  const email = uniqueEmail('enum');
  await register(await newVisitor(playwright, baseURL!), email);
  const wrong = await login(await newVisitor(playwright, baseURL!), email, 'wrong-pass1');
  const unknown = await login(await newVisitor(playwright, baseURL!), uniqueEmail('nobody'), 'wrong-pass1');
  expect(wrong.status()).toBe(401);
  expect(unknown.status()).toBe(401);
  expect(await unknown.json()).toEqual(await wrong.json());
});

const TOO_MANY = /Too many sign-in attempts.*reset your password/;
const resetToken = async (email: string) => {
  const db = e2eDb();
  const mail = await db.kysely
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  await db.kysely.destroy();
  return /token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1]!;
};

test('a sign-in gives the browser a device cookie, sent to the sign-in endpoint only', async ({ playwright, baseURL }) => {
  const r = await newVisitor(playwright, baseURL!);
  const res = await register(r, uniqueEmail('dev'));
  const device = res.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('device='))!.value;
  expect(device).toContain('HttpOnly');
  expect(device).toContain('SameSite=Strict');
  expect(device).toContain('Path=/api/global/login');
});

test("a stranger's wrong passwords lock unknown clients out, not the owner's known device; a reset lets anyone back in", async ({
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail('thr');
  const owner = await newVisitor(playwright, baseURL!);
  await register(owner, email); // this browser is now a known device of the account
  expect((await owner.post('/api/global/logout', { data: {} })).status()).toBe(200);
  for (let i = 0; i < 5; i++) expect((await login(await newVisitor(playwright, baseURL!), email, `wrong-pass${i}`)).status()).toBe(401);
  const blocked = await login(await newVisitor(playwright, baseURL!), email, 'secret123');
  expect(blocked.status()).toBe(429);
  expect((await blocked.json()).message).toMatch(TOO_MANY);

  const known = await login(owner, email, 'secret123');
  expect(known.status()).toBe(200);
  expect(await me(owner)).toMatchObject({ authenticated: true });

  const ask = await (await newVisitor(playwright, baseURL!)).post('/api/checkout/forgot_password/', { data: { email } });
  expect(ask.status()).toBe(200);
  const elsewhere = await newVisitor(playwright, baseURL!);
  expect((await elsewhere.post('/api/global/reset_password', { data: { token: await resetToken(email), password: 'newpass456' } })).status()).toBe(
    200,
  );
  expect((await login(await newVisitor(playwright, baseURL!), email, 'newpass456')).status()).toBe(200);
});

test('30 correct sign-ins at once from one browser all succeed', async ({ playwright, baseURL }) => {
  const email = uniqueEmail('many');
  await register(await newVisitor(playwright, baseURL!), email);
  const r = await newVisitor(playwright, baseURL!);
  const results = await Promise.all(Array.from({ length: 30 }, () => login(r, email, 'secret123')));
  expect(results.map((res) => res.status())).toEqual(Array(30).fill(200));
});

test('a burst of wrong passwords at once, on both instances, is checked no more than the limit allows', async ({ playwright, baseURL }) => {
  const email = uniqueEmail('burst');
  await register(await newVisitor(playwright, baseURL!), email);
  const other = baseURL!.replace(/:\d+$/, `:${SECOND_INSTANCE_PORT}`);
  const visitors = await Promise.all(Array.from({ length: 12 }, (_, i) => newVisitor(playwright, i % 2 ? other : baseURL!)));
  const results = await Promise.all(visitors.map((v, i) => login(v, email, `wrong-pass${i}`)));
  const statuses = results.map((res) => res.status());
  expect(statuses.filter((s) => s === 401)).toHaveLength(5);
  expect(statuses.filter((s) => s === 429)).toHaveLength(7);
});

test('failed sign-ins are throttled per client address, across accounts', async ({ playwright, baseURL }) => {
  const r = await newVisitor(playwright, baseURL!);
  for (let i = 0; i < 20; i++) expect((await login(r, uniqueEmail('spray'), 'wrong-pass1')).status()).toBe(401);
  expect((await login(r, uniqueEmail('spray'), 'wrong-pass1')).status()).toBe(429);
});

test('forgot password: same reply for known and unknown addresses; the link works once and ends every session', async ({ playwright, baseURL }) => {
  const email = uniqueEmail('reset');
  const owner = await newVisitor(playwright, baseURL!);
  await register(owner, email);
  expect(await me(owner)).toMatchObject({ authenticated: true });

  const ask = async (who: string) => (await newVisitor(playwright, baseURL!)).post('/api/checkout/forgot_password/', { data: { email: who } });
  const known = await ask(email);
  const unknownEmail = uniqueEmail('ghost');
  const unknown = await ask(unknownEmail);
  expect(known.status()).toBe(200);
  expect((await known.json()).body.message).toBe(`A link has been sent to ${email}`);
  expect((await unknown.json()).body.message).toBe(`A link has been sent to ${unknownEmail}`);
  expect((await (await ask('not-an-email')).json()).message).toBe('Valid email is required');

  const db = e2eDb();
  const mail = await db.kysely.selectFrom('outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
  expect(await db.kysely.selectFrom('outbox').selectAll().where('to_address', '=', unknownEmail).execute()).toEqual([]);
  await db.kysely.destroy();
  const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1]!;

  const stranger = await newVisitor(playwright, baseURL!);
  const weak = await stranger.post('/api/global/reset_password', { data: { token, password: 'short' } });
  expect(weak.status()).toBe(400);
  const done = await stranger.post('/api/global/reset_password', { data: { token, password: 'newpass456' } });
  expect(done.status()).toBe(200);
  expect(await me(owner)).toMatchObject({ authenticated: false }); // the old session is gone
  const reuse = await stranger.post('/api/global/reset_password', { data: { token, password: 'other789x' } });
  expect(reuse.status()).toBe(400);
  expect((await login(await newVisitor(playwright, baseURL!), email, 'secret123')).status()).toBe(401);
  expect((await login(await newVisitor(playwright, baseURL!), email, 'newpass456')).status()).toBe(200);
});

test('email/validate returns the registered flag and is rate-limited', async ({ playwright, baseURL }) => {
  const email = uniqueEmail('val');
  await register(await newVisitor(playwright, baseURL!), email);
  const r = await newVisitor(playwright, baseURL!);
  expect((await (await r.post('/api/checkout/email/validate', { data: { email } })).json()).body.registered).toBe(true);
  expect((await (await r.post('/api/checkout/email/validate', { data: { email: uniqueEmail('no') } })).json()).body.registered).toBe(false);
  let status = 200;
  for (let i = 0; i < 40 && status === 200; i++) status = (await r.post('/api/checkout/email/validate', { data: { email } })).status();
  expect(status).toBe(429);
});

test('the guest bag joins the stored bag at sign-in, capped at the limit, and asks for the bag page', async ({ playwright, baseURL }) => {
  const email = uniqueEmail('merge');
  const before = await newVisitor(playwright, baseURL!);
  await register(before, email);
  await before.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1001-blk-M', quantity: 9 } });
  await before.post('/api/checkout/product/add_to_cart', { data: { productId: 'rm-3002-olv-M', quantity: 1 } });
  await before.post('/api/global/logout', { data: {} });

  const guest = await newVisitor(playwright, baseURL!);
  await guest.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1001-blk-M', quantity: 3 } });
  await guest.post('/api/checkout/product/add_to_cart', { data: { productId: 'jl-4001-cor-8', quantity: 1 } });
  const res = await login(guest, email, 'secret123');
  const body = (await res.json()).body;
  expect(body.mergeBasket.redirectToCart).toBe(true);
  expect(body.mergeBasket.notificationMsg).toContain('We could add only 1 more of Everyday Crew Tee.');
  const lines = body.basket.productItems.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity]);
  expect(lines).toEqual([
    ['fb-1001-blk-M', 10],
    ['rm-3002-olv-M', 1],
    ['jl-4001-cor-8', 1],
  ]);
  expect(body.basket.totalQuantity).toBe(12);
});

test('register-user joins the guest order this browser placed to the new account', async ({ playwright, baseURL }) => {
  const email = uniqueEmail('order');
  const shopper = await newVisitor(playwright, baseURL!);
  const { orderNo, orderId } = await placeGuestOrder(shopper, { email, items: [{ productId: 'fb-1001-blk-M', quantity: 1 }] });

  // Another browser that knows the order number (printed on the e-mail and the packing slip), its id and its
  // e-mail claims nothing: the order to claim is the one in this browser's order cookie.
  const stranger = await newVisitor(playwright, baseURL!);
  for (const orderRef of [orderNo, orderId]) {
    const claim = await stranger.post('/api/checkout/register-user/', { data: { email, password: 'secret123', orderId: orderRef } });
    expect(claim.status(), orderRef).toBe(404);
  }
  expect(await (await stranger.get('/orders')).text()).not.toContain(orderNo);

  // The shopper's own browser: another e-mail, or a reference to another order, is refused; the order's own works.
  const wrongEmail = await shopper.post('/api/checkout/register-user/', { data: { email: uniqueEmail('other'), password: 'secret123', orderId } });
  expect(wrongEmail.status()).toBe(404);
  const otherOrder = await shopper.post('/api/checkout/register-user/', { data: { email, password: 'secret123', orderId: '1234-56789-123' } });
  expect(otherOrder.status()).toBe(404);
  const ok = await shopper.post('/api/checkout/register-user/', { data: { email, password: 'secret123', orderId: orderNo } });
  expect(ok.status()).toBe(200);
  const db = e2eDb();
  const order = await db.kysely.selectFrom('orders').select('customer_id').where('order_no', '=', orderNo).executeTakeFirstOrThrow();
  await db.kysely.destroy();
  expect(order.customer_id).toBe((await ok.json()).body.token.customer_id);
  expect(await (await shopper.get('/orders')).text()).toContain(orderNo);
  await Promise.all([shopper.dispose(), stranger.dispose()]);
});

test('Track my order: a guest finds an order by number and e-mail; a malformed number is refused; look-ups are limited', async ({
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail('track');
  const orderNo = `77-${String(Date.now() % 100000).padStart(5, '0')}-${String(n).padStart(3, '0')}`;
  const db = e2eDb();
  await db.kysely
    .insertInto('orders')
    .values({
      id: `o-${orderNo}`,
      order_no: orderNo,
      customer_id: null,
      email,
      status: 'Shipped',
      total_cents: 5498,
      placed_at: new Date().toISOString(),
    })
    .execute();
  await db.kysely.destroy();
  const r = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL!, 'x-forwarded-for': address() } });
  const track = (orderNo: string, email: string) => r.post('/orders', { form: { orderNo, email } });

  const page = await r.get('/orders'); // a guest is not sent away: the page offers the form and sign-in
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain('Track my order');

  const bad = await track('12-345', email);
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain('Please enter your order number as it appears in your confirmation');
  const found = await track(orderNo, email.toUpperCase());
  expect(found.status()).toBe(200);
  const html = await found.text();
  expect(html).toContain(`Order ${orderNo}`);
  expect(html).toContain('Shipped');
  expect(html).toContain('$54.98');
  const other = await track(orderNo, uniqueEmail('someone-else'));
  expect(await other.text()).toContain('We could not find an order with that number and e-mail address.');
  expect(await other.text()).not.toContain('Shipped');

  // 20 look-ups in 15 minutes from one address (the malformed one was not counted), then 429.
  for (let i = 0; i < 18; i++) expect((await track(orderNo, email)).status()).toBe(200);
  const limited = await track(orderNo, email);
  expect(limited.status()).toBe(429);
  expect(await limited.text()).not.toContain('Shipped');
  await r.dispose();
});

test('a signed-in visitor on /register is sent to ?original= only when it is a path of this site', async ({ playwright, baseURL }) => {
  const r = await newVisitor(playwright, baseURL!);
  expect((await register(r, uniqueEmail('redir'))).status()).toBe(200);
  const go = async (original: string) =>
    (await r.get(`/register?original=${encodeURIComponent(original)}`, { maxRedirects: 0 })).headers()['location'];
  expect(await go('/wishlist?pid=fb-1001')).toBe('/wishlist?pid=fb-1001');
  for (const evil of ['//evil.example/', '/\\evil.example', '/\t/evil.example', 'https://evil.example/', '/\n/evil.example']) {
    expect(await go(evil), JSON.stringify(evil)).toBe('/my-account');
  }
  await r.dispose();
});

test('account creation is limited per client address (each reply says whether an e-mail has an account)', async ({ playwright, baseURL }) => {
  const r = await newVisitor(playwright, baseURL!);
  const taken = uniqueEmail('taken');
  expect((await register(await newVisitor(playwright, baseURL!), taken)).status()).toBe(200);
  // 30 in 15 minutes from one address, answers of either kind, then 429 whatever the e-mail.
  for (let i = 0; i < 30; i++) {
    const res = await register(r, i % 2 ? taken : uniqueEmail('probe'));
    expect(res.status(), `attempt ${i + 1}`).toBe(i % 2 ? 409 : 200);
  }
  const limited = await register(r, taken);
  expect(limited.status()).toBe(429);
  expect((await limited.json()).message).toBe('Too many accounts created from here. Please wait a few minutes and try again.');
  const afterOrder = await r.post('/api/checkout/register-user/', {
    data: { email: uniqueEmail('o'), password: 'secret123', orderId: '1234-56789-123' },
  });
  expect(afterOrder.status()).toBe(429);
  await r.dispose();
});
