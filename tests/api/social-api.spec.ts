import { expect, test, type APIRequestContext } from '@playwright/test';
import { e2eDb } from '../helpers/e2e-db.ts';

/**
 * Social sign-in against the embedded OpenID provider, driven over HTTP: start → provider login → consent →
 * back to /checkout/api/locallogincallback. The flow is stopped just before the callback so that tests can
 * tamper with state, the PKCE verifier or the nonce and see the sign-in fail.
 */
async function upToCallback(r: APIRequestContext, email: string, password: string): Promise<URL> {
  const login = await r.get('/api/global/social/local/start');
  expect(login.status()).toBe(200);
  const action = /action="([^"]+\/login)"/.exec(await login.text())![1]!;
  let res = await r.post(action, { form: { email, password }, maxRedirects: 0 });
  for (let hops = 0; hops < 10; hops++) {
    const location = res.headers()['location'];
    expect(location, `hop ${hops}: ${res.status()}`).toBeTruthy();
    const next = new URL(location!, res.url());
    if (next.pathname === '/checkout/api/locallogincallback') return next;
    res = await r.get(next.toString(), { maxRedirects: 0 });
  }
  throw new Error('never reached the callback');
}

const result = async (r: APIRequestContext) => {
  const cookie = (await r.storageState()).cookies.find((c) => c.name === 'socialLogin');
  return cookie ? JSON.parse(decodeURIComponent(cookie.value)) : null;
};
const me = async (r: APIRequestContext) => (await (await r.get('/api/global/me')).json()).body;

test('a verified identity signs in, creating an account, and links to it next time', async ({ request }) => {
  const callback = await upToCallback(request, 'ada.social@example.com', 'ada-social-1');
  const page = await request.get(callback.toString());
  expect(await page.text()).toContain('Login completed successfully');
  expect(await result(request)).toEqual({ loginSuccess: true, provider: 'local', redirectToCart: false });
  expect(await me(request)).toMatchObject({ authenticated: true, firstName: 'Ada', email: 'ada.social@example.com' });
});

test('a social identity links to the account with its e-mail; a password set by someone who never proved that e-mail stops working', async ({
  request,
  playwright,
  baseURL,
}) => {
  // Someone registers the address with a password of their own (our side never verified the e-mail) ...
  const squatter = await playwright.request.newContext({ baseURL });
  const reg = await squatter.post('/api/global/register', {
    data: { firstName: 'Grace', lastName: 'Store', email: 'grace.social@example.com', password: 'grace1234' },
  });
  expect(reg.status()).toBe(200);
  const customerId = (await reg.json()).body.token.customer_id as string;
  expect(await me(squatter)).toMatchObject({ authenticated: true });

  // ... then the address's owner signs in with the provider, which has verified it.
  const callback = await upToCallback(request, 'grace.social@example.com', 'grace-social-1');
  await request.get(callback.toString());
  expect(await me(request)).toMatchObject({ authenticated: true, firstName: 'Grace' });
  const db = e2eDb();
  const link = await db.kysely.selectFrom('social_identities').selectAll().where('subject', '=', 'local-grace').executeTakeFirstOrThrow();
  await db.kysely.destroy();
  expect(link.customer_id).toBe(customerId); // the same account, linked

  expect((await me(squatter)).authenticated).toBe(false); // every earlier session of the account ended
  const guess = await squatter.post('/api/global/login', { data: { email: 'grace.social@example.com', password: 'grace1234' } });
  expect(guess.status()).toBe(401); // and the squatter's password no longer signs in

  // Next time, the identity signs in straight to the linked account.
  const again = await playwright.request.newContext({ baseURL });
  await again.get((await upToCallback(again, 'grace.social@example.com', 'grace-social-1')).toString());
  expect(await me(again)).toMatchObject({ authenticated: true, firstName: 'Grace' });
  expect((await me(request)).authenticated).toBe(true); // the owner's own first session is untouched
  await Promise.all([squatter.dispose(), again.dispose()]);
});

test('a callback in a browser without the matching state cookie fails the sign-in', async ({ request, playwright, baseURL }) => {
  const callback = await upToCallback(request, 'ada.social@example.com', 'ada-social-1');
  // Another browser presenting the victim's callback URL (login CSRF): it has no social_state cookie.
  const other = await playwright.request.newContext({ baseURL });
  await other.get(callback.toString());
  expect(await result(other)).toMatchObject({ loginSuccess: false });
  expect(await me(other)).toMatchObject({ authenticated: false });
});

test('a tampered state in the callback URL fails the sign-in', async ({ request }) => {
  const callback = await upToCallback(request, 'ada.social@example.com', 'ada-social-1');
  callback.searchParams.set('state', 'x'.repeat(43));
  await request.get(callback.toString());
  expect(await result(request)).toMatchObject({ loginSuccess: false });
  expect(await me(request)).toMatchObject({ authenticated: false });
});

for (const [what, column] of [
  ['PKCE verifier', 'code_verifier'],
  ['nonce', 'nonce'],
] as const) {
  test(`a wrong ${what} fails the sign-in`, async ({ request }) => {
    const callback = await upToCallback(request, 'ada.social@example.com', 'ada-social-1');
    const db = e2eDb();
    await db.kysely
      .updateTable('social_logins')
      .set({ [column]: 'tampered-'.padEnd(43, 'x') })
      .where('state', '=', callback.searchParams.get('state')!)
      .execute();
    await db.kysely.destroy();
    await request.get(callback.toString());
    expect(await result(request)).toMatchObject({ loginSuccess: false });
    expect(await me(request)).toMatchObject({ authenticated: false });
  });
}

test('an identity whose e-mail is not verified cannot sign in', async ({ request }) => {
  const callback = await upToCallback(request, 'unverified.social@example.com', 'una-social-1');
  await request.get(callback.toString());
  expect(await result(request)).toMatchObject({ loginSuccess: false });
  expect(await me(request)).toMatchObject({ authenticated: false });
});

test('an unknown provider at the start or at the callback still answers the polling page with a failure', async ({ request }) => {
  for (const path of ['/api/global/social/nope/start', '/checkout/api/nopelogincallback?code=x&state=y']) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
    expect(await result(request), path).toEqual({ loginSuccess: false, provider: 'nope', redirectToCart: false });
  }
});
