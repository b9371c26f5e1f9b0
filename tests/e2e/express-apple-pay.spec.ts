import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { issuedCard } from '../helpers/gift-card-http.ts';
import { SHIP_TO } from '../helpers/place-order-http.ts';
import { installApplePayStandIn, standInCalls } from './apple-pay-stand-in.ts';
import { hydrated } from './hydration.ts';
import { ownClientAddress } from './client-address.ts';

/**
 * Apple Pay from the bag and the payment step, against a scripted ApplePaySession (Chromium has none): every v3
 * handler in Safari's order ends on the order's confirmation; closing the sheet leaves the bag as it was; the button
 * is absent where the device cannot pay, with a perks item, and with nothing to pay.
 */
// Each test's browser is a client address of its own: the store limits the accounts and orders one address makes.
test.beforeEach(({ context }) => ownClientAddress(context));

const ok = async (r: APIResponse) => expect(r.ok(), await r.text()).toBe(true);
const applePay = (page: Page) => page.getByRole('button', { name: 'Buy with Apple Pay' });

async function addTee(page: Page) {
  await ok(await page.request.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1002-olv-M', quantity: 1 } }));
}

async function openBag(page: Page) {
  await page.goto('/cart');
  await hydrated(page);
}

test('every sheet step from the bag ends on the confirmation with the order number', async ({ page }) => {
  await installApplePayStandIn(page, { canMakePayments: true });
  await addTee(page);
  await openBag(page);
  await expect(page.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
  await applePay(page).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByText(/Order number:/)).toBeVisible();
  await expect(page.getByText('ada.wallet@example.com').first()).toBeVisible();
});

test('the sheet drives each handler in order, from the payment step', async ({ page }) => {
  await installApplePayStandIn(page, { canMakePayments: true });
  await addTee(page);
  await ok(await page.request.post('/api/checkout/email', { data: { email: 'step@example.com' } }));
  await ok(await page.request.post('/api/checkout/shipping_address/create/', { data: { address: SHIP_TO } }));
  await ok(await page.request.post('/api/checkout/shipping_method/', { data: { shippingMethodId: 'Regular', confirm: true } }));
  await page.goto('/checkout');
  await expect(applePay(page)).toBeVisible();
  expect(await axeViolations(page, { everyImpact: true })).toEqual([]);
  await applePay(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByText(/Order number:/)).toBeVisible();
  expect((await standInCalls(page)).filter((c) => c !== 'canMakePayments')).toEqual([
    'new',
    'begin',
    'completeMerchantValidation',
    'completePaymentMethodSelection',
    'completeShippingContactSelection',
    'completeShippingMethodSelection',
    'completePayment',
  ]);
});

test('closing the sheet leaves the bag as it was, with no alarm', async ({ page }) => {
  await installApplePayStandIn(page, { canMakePayments: true, cancelAfter: 'shippingContact' });
  await addTee(page);
  await openBag(page);
  const before = (await (await page.request.get('/api/checkout/basket')).json()).body.basket;
  expect(await axeViolations(page, { everyImpact: true })).toEqual([]);
  await applePay(page).click();
  await expect.poll(() => standInCalls(page)).toContain('oncancel');
  expect((await standInCalls(page)).filter((c) => c !== 'canMakePayments')).toEqual([
    'new',
    'begin',
    'completeMerchantValidation',
    'completePaymentMethodSelection',
    'completeShippingContactSelection',
    'oncancel',
  ]);
  await expect(applePay(page)).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/cart$/);
  const after = (await (await page.request.get('/api/checkout/basket')).json()).body.basket;
  expect(after.c_summary).toEqual(before.c_summary);
  expect(after.productItems.length).toBe(1);
});

test('no button where the device cannot pay with Apple Pay', async ({ page }) => {
  await installApplePayStandIn(page, { canMakePayments: false });
  await addTee(page);
  await openBag(page);
  await expect(page.getByRole('button', { name: 'PayPal', exact: true })).toBeVisible();
  await expect(applePay(page)).toHaveCount(0);
});

test('no button for a bag holding a perks membership', async ({ page }) => {
  await installApplePayStandIn(page, { canMakePayments: true });
  const email = `wallet.perks.${Date.now().toString(36)}@example.com`;
  const registered = await page.request.post('/api/global/register', { data: { firstName: 'Ada', lastName: 'Lee', email, password: 'secret123' } });
  const customerId: string = (await registered.json()).body.profileData.customerNo;
  const sku = (await (await page.request.post('/api/checkout/product/read', { data: { productId: 'fb-perks' } })).json()).body.variants[0].id;
  await addTee(page);
  await ok(
    await page.request.post('/api/checkout/product/add_to_cart', {
      data: { productId: sku, quantity: 1, checkIfAlreadyMember: true, email, customerId },
    }),
  );
  await openBag(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your bag' })).toBeVisible();
  await expect(applePay(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Express checkout', exact: true })).toHaveCount(0);
});

test('no button when a gift card pays the whole bag', async ({ page }) => {
  await installApplePayStandIn(page, { canMakePayments: true });
  await addTee(page);
  const card = await issuedCard(100_000);
  await ok(await page.request.post('/api/checkout/basket/update/', { data: { code: card.number, giftCardPin: card.pin } }));
  await openBag(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your bag' })).toBeVisible();
  await expect(applePay(page)).toHaveCount(0);
});

/** Where both express buttons show, they are one size: side by side, or stacked one above the other. */
async function expectSameSize(page: Page) {
  const sizes = await page
    .getByRole('region', { name: 'Express checkout', exact: true })
    .getByRole('button', { name: /^(PayPal|Buy with Apple Pay)$/ })
    .evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect()).map((r) => ({ top: r.top, width: r.width, height: r.height })));
  const [paypal, wallet] = sizes;
  if (!paypal || !wallet || sizes.length !== 2) throw new Error(`two express buttons expected, found ${sizes.length}`);
  expect(Math.abs(paypal.height - wallet.height)).toBeLessThanOrEqual(1);
  expect(Math.abs(paypal.width - wallet.width)).toBeLessThanOrEqual(1);
  // Side by side, their tops line up; stacked, the wallet's starts below PayPal's.
  expect(Math.abs(paypal.top - wallet.top) <= 1 || wallet.top >= paypal.top + paypal.height).toBe(true);
}

test('PayPal and Apple Pay are one size, on the bag and in the payment step', async ({ page }) => {
  await installApplePayStandIn(page, { canMakePayments: true });
  await addTee(page);
  await openBag(page);
  await expect(applePay(page)).toBeEnabled();
  await expectSameSize(page);
  await ok(await page.request.post('/api/checkout/email', { data: { email: 'sizes@example.com' } }));
  await ok(await page.request.post('/api/checkout/shipping_address/create/', { data: { address: SHIP_TO } }));
  await ok(await page.request.post('/api/checkout/shipping_method/', { data: { shippingMethodId: 'Regular', confirm: true } }));
  await page.goto('/checkout?step=payment');
  await expect(applePay(page)).toBeEnabled();
  await expectSameSize(page);
});
