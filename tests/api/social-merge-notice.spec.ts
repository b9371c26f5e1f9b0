import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * A social sign-in that merges a guest bag into the account's bag hands the merge's notice to
 * the opener page (in the socialLogin result), which shows it on the bag as a password sign-in does.
 */
async function socialSignIn(r: APIRequestContext, email: string, password: string): Promise<void> {
  const login = await r.get('/api/global/social/local/start');
  expect(login.status()).toBe(200);
  const action = /action="([^"]+\/login)"/.exec(await login.text())![1]!;
  let res = await r.post(action, { form: { email, password }, maxRedirects: 0 });
  for (let hops = 0; hops < 10; hops++) {
    const next = new URL(res.headers()['location']!, res.url());
    res = await r.get(next.toString(), { maxRedirects: 0 });
    if (next.pathname === '/checkout/api/locallogincallback') return;
  }
  throw new Error('never reached the callback');
}
const result = async (r: APIRequestContext) => {
  const cookie = (await r.storageState()).cookies.find((c) => c.name === 'socialLogin');
  return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : null;
};
const add = async (r: APIRequestContext, productId: string) =>
  expect((await r.post('/api/checkout/product/add_to_cart', { data: { productId, quantity: 1 } })).status()).toBe(200);

test('a social sign-in that merges two bags carries the merge notice for the bag page', async ({ playwright, baseURL }) => {
  // The account has a bag from an earlier visit ...
  const earlier = await playwright.request.newContext({ baseURL });
  await socialSignIn(earlier, 'ada.social@example.com', 'ada-social-1');
  await add(earlier, 'fb-1001-blk-M');
  await earlier.dispose();
  // ... and a guest with a bag of their own signs in with the same identity.
  const guest = await playwright.request.newContext({ baseURL });
  await add(guest, 'ww-2001-ivr-M');
  await socialSignIn(guest, 'ada.social@example.com', 'ada-social-1');
  expect(await result(guest)).toMatchObject({
    loginSuccess: true,
    redirectToCart: true,
    notificationMsg: expect.stringMatching(/\S/),
  });
  await guest.dispose();
});
