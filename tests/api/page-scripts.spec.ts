import { expect, test, type APIRequestContext } from '@playwright/test';
import { firstScripts } from '../helpers/page-weight.ts';

/**
 * The JavaScript each page loads before the shopper scrolls or reaches for anything, gzip as sent (the budgets of
 * `npm run test:perf`, tests/perf/budgets.ts, held here on every run: the sizes do not depend on the machine). Each
 * file is counted as the server sends it with only gzip accepted; islands that wake when scrolled to and modules
 * loaded on use are not counted (tests/helpers/page-weight.ts, firstScripts).
 */
const GZIP = { 'accept-encoding': 'gzip' };
const KIB = 1024;

/** The request context's cookies as a Cookie header: the shopper's session, with the bag it holds. */
async function withBag(request: APIRequestContext): Promise<Record<string, string>> {
  const added = await request.post('/api/checkout/product/add_to_cart', { data: { productId: 'jl-4001-cor-4', quantity: 1 } });
  expect(added.status()).toBe(200);
  const { cookies } = await request.storageState();
  return { ...GZIP, cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}

const listed = (files: { url: string; wire: number }[]) => files.map((f) => `${f.wire}\t${f.url}`).join('\n');

for (const path of ['/', '/brand/fb/']) {
  test(`${path} loads no React, scrolled to its footer or not, and at most 30 KiB of JavaScript`, async ({ baseURL }) => {
    // Its header and its footer's sign-up are HTML with small scripts.
    const whole = await firstScripts(baseURL!, path, GZIP, { scrolledTo: true });
    expect(whole.react, listed(whole.files)).toBe(false);
    const { js, files } = await firstScripts(baseURL!, path, GZIP);
    expect(js, listed(files)).toBeLessThanOrEqual(30 * KIB);
  });
}

test('a product page loads no React before the shopper touches it: its gallery and purchase area wake at the first touch', async ({ baseURL }) => {
  const { js, react, files } = await firstScripts(baseURL!, '/p/wrap-midi-dress-jl-4001/', GZIP);
  expect(react, listed(files)).toBe(false);
  expect(js, listed(files)).toBeLessThanOrEqual(30 * KIB);
  // Touched, the page loads the rest: the same budget as a page whose islands wake by themselves.
  const touched = await firstScripts(baseURL!, '/p/wrap-midi-dress-jl-4001/', GZIP, { touched: true });
  expect(touched.react).toBe(true);
  expect(touched.js, listed(touched.files)).toBeLessThanOrEqual(100 * KIB);
});

test('a gift card’s product page, whose form wakes with the page so nothing typed is lost, loads at most 100 KiB of JavaScript', async ({
  baseURL,
}) => {
  const { js, react, files } = await firstScripts(baseURL!, '/p/e-gift-card-egc-3/', GZIP);
  expect(react).toBe(true);
  expect(js, listed(files)).toBeLessThanOrEqual(100 * KIB);
});

test('the bag with a line loads at most 110 KiB of JavaScript', async ({ baseURL, request }) => {
  const { js, files } = await firstScripts(baseURL!, '/cart/', await withBag(request));
  expect(js, listed(files)).toBeLessThanOrEqual(110 * KIB);
});

test("the checkout loads at most 100 KiB of JavaScript with its first step; the later steps' come when reached for", async ({ baseURL, request }) => {
  const { js, files } = await firstScripts(baseURL!, '/checkout', await withBag(request));
  expect(js, listed(files)).toBeLessThanOrEqual(100 * KIB);
  // The later steps, the promo code form and the steps done summary are not among them.
  expect(files.map((f) => f.url).join(' ')).not.toMatch(/\/(PaymentStep|ShippingStep|ReviewStep|PromoCodeForm|CompletedSummary)\./);
});

test("every stylesheet a page's modules load with what they import on use is there: a missing one fails the import", async ({ baseURL, request }) => {
  const headers = await withBag(request);
  let named = 0;
  for (const path of ['/checkout', '/cart/', '/p/wrap-midi-dress-jl-4001/']) {
    const { styles } = await firstScripts(baseURL!, path, headers);
    named += styles.length;
    for (const style of styles) expect((await request.get(style)).status(), `${path}: ${style}`).toBe(200);
  }
  // The checkout's later steps and the bag's dialogs bring the bag's and the product page's styles.
  expect(named).toBeGreaterThan(0);
});
