import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { config } from '#src/server/config.ts';
import { SERVER_NODE_FLAGS } from '#src/server/node-flags.ts';
import { inPayPalShapes, type PayPalStandIn, startPayPalStandIn } from '../helpers/paypal-stand-in.ts';
import { SHIP_TO } from '../helpers/place-order-http.ts';
import { CHECKOUT_SKU } from './checkout-forms.ts';
import { hydrated } from './hydration.ts';

/**
 * PayPal's own buttons (WEB_PAYMENT=paypal) on an instance of the production build configured for PayPal, its API a
 * local stand-in (tests/helpers/paypal-stand-in.ts) and its JavaScript SDK a scripted stand-in served to the browser
 * in place of PayPal's address: nothing reaches the internet. No request goes to the SDK's address until the shopper
 * reaches for the button; then PayPal's buttons make our order, and its approval (sent twice, as a double click on
 * PayPal's button would) places one order. From the bag, PayPal's address in Texas changes the total approved (the
 * bag was to ship to New York): the buttons take the shopper to the store's review, whose Place order places it.
 */
const SDK_URL = 'https://paypal-sdk.invalid/sdk/js';

/** window.paypal as PayPal's SDK defines it, reduced to Buttons: its button makes the order, approves it, and calls back. */
const SDK_STAND_IN = `
window.paypal = {
  version: 'stand-in',
  Buttons(options) {
    return {
      isEligible: () => true,
      close: () => Promise.resolve(),
      render(container) {
        const pay = document.createElement('button');
        pay.type = 'button';
        pay.textContent = 'Pay with PayPal';
        pay.addEventListener('click', async () => {
          try {
            const orderID = await options.createOrder({}, {});
            await window.approveAtPayPal(orderID);
            const data = { orderID, payerID: 'STANDINPAYER' };
            await Promise.all([options.onApprove(data, {}), options.onApprove(data, {})]);
          } catch (err) {
            options.onError({ message: String(err) });
          }
        });
        container.append(pay);
        return Promise.resolve();
      },
    };
  },
};`;

let standIn: PayPalStandIn;
let instance: ChildProcess;
let origin: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  standIn = await startPayPalStandIn();
  const { E2E_PORT, E2E_DATA_DIR, E2E_DATABASE_URL } = config();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  instance = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: E2E_DATABASE_URL ?? '',
      STORE_DIST: `dist-e2e-${E2E_PORT}`,
      PEAK_HANDLING_FEE_CENTS: '0',
      API_REPLY_CHECK: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      TRUST_PROXY: '1',
      WEB_PAYMENT: 'paypal',
      PAYPAL_CLIENT_ID: standIn.clientId,
      PAYPAL_CLIENT_SECRET: standIn.clientSecret,
      PAYPAL_BASE_URL: standIn.baseUrl,
      PAYPAL_SDK_URL: SDK_URL,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const said: string[] = [];
    const read = (chunk: Buffer) => {
      said.push(chunk.toString());
      if (said.join('').includes('Store listening')) resolve();
    };
    instance.stdout?.on('data', read);
    instance.stderr?.on('data', read);
    instance.on('exit', (code) => reject(new Error(`the PayPal instance stopped (${code}): ${said.join('')}`)));
  });
});

test.afterAll(async () => {
  instance?.kill('SIGTERM');
  await standIn?.close();
});

/** Requests the page makes to the SDK's address, answered by the stand-in; the approval on PayPal's side, exposed. */
async function paypalInTheBrowser(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route(`${SDK_URL}?*`, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: SDK_STAND_IN });
  });
  // The sandbox's test buyer approves, shipping to its home in Texas.
  await page.exposeFunction('approveAtPayPal', (orderId: string) => standIn.approve(orderId, { buyer: inPayPalShapes('home') }));
  return asked;
}

async function bagReadyToShip(page: Page) {
  const post = async (path: string, data: unknown) => {
    const r = await page.request.post(`${origin}${path}`, { data });
    expect(r.ok(), `${path}: ${await r.text()}`).toBe(true);
  };
  await post('/api/checkout/product/add_to_cart', { productId: CHECKOUT_SKU, quantity: 1 });
  await post('/api/checkout/email', { email: `xp-sdk-${randomUUID().slice(0, 8)}@example.com` });
  await post('/api/checkout/shipping_address/create/', { address: SHIP_TO });
  await post('/api/checkout/shipping_method/', { shippingMethodId: 'Regular', confirm: true });
}

for (const where of [
  { page: '/cart', name: 'the bag', review: true },
  { page: '/checkout?step=payment', name: 'the payment step', review: false },
]) {
  test(`PayPal's script is loaded from ${where.name} only when the shopper reaches for the button, and its approval places one order`, async ({
    page,
  }) => {
    const asked = await paypalInTheBrowser(page);
    await bagReadyToShip(page);
    const placements: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/checkout/paypal/order/update/')) placements.push(r.method());
    });
    const captures = standIn.capturesMade();
    await page.goto(`${origin}${where.page}`);
    await hydrated(page);
    const payPal = page.getByRole('region', { name: 'Express checkout' }).getByRole('button', { name: 'PayPal', exact: true });
    await expect(payPal).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);

    await payPal.focus();
    const pay = page.getByRole('button', { name: 'Pay with PayPal' });
    await expect(pay).toBeVisible();
    expect(asked).toHaveLength(1);
    const query = Object.fromEntries(new URL(asked[0] ?? '').searchParams);
    expect(query).toMatchObject({
      'client-id': standIn.clientId,
      currency: 'USD',
      intent: 'authorize',
      components: 'buttons,messages',
      'enable-funding': 'venmo',
    });
    await expect(pay).toBeFocused();
    // Each call of the way waited for as it answers, not the whole way at once: PayPal's order made, then the approval
    // sent (from the bag it answers 409, to the store's review, whose Place order posts back to it; from the payment
    // step the order is placed).
    const answered = (method: string, path: string) =>
      page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname.startsWith(path));
    const created = answered('POST', '/api/checkout/paypal/order/');
    const approved = answered('PUT', '/api/checkout/paypal/order/update/');
    await page.keyboard.press('Enter');
    expect((await created).ok()).toBe(true);
    expect((await approved).status()).toBe(where.review ? 409 : 200);
    if (where.review) {
      await expect(page.getByRole('heading', { level: 1, name: 'Review your order' })).toBeVisible();
      expect(standIn.capturesMade()).toBe(captures);
      const placed = answered('POST', '/checkout/paypal/return');
      await page.getByRole('button', { name: 'Place order' }).click();
      expect((await placed).status()).toBe(303);
    }
    await expect(page).toHaveURL(/\/order-confirmation/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    expect(placements).toEqual(['PUT']);
    expect(standIn.capturesMade()).toBe(captures + 1);
  });
}
