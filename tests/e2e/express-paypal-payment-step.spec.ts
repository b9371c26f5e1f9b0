import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { randomUUID } from 'node:crypto';
import { issuedCard } from '../helpers/gift-card-http.ts';
import { SHIP_TO } from '../helpers/place-order-http.ts';
import { CHECKOUT_SKU } from './checkout-forms.ts';
import { ownClientAddress } from './client-address.ts';
import { hydrated } from './hydration.ts';

/**
 * PayPal in the checkout's payment step, in its express checkout block: approved by keyboard on PayPal's page (the
 * embedded sandbox) to the confirmation; cancelled back to the payment step; disabled when a gift card leaves nothing
 * to pay (at once, without a reload); hidden with a perks membership in the bag.
 */
test.beforeEach(({ context }) => ownClientAddress(context));

async function post(page: Page, path: string, data: unknown) {
  const r = await page.request.post(path, { data });
  expect(r.ok(), `${path}: ${await r.text()}`).toBe(true);
  return (await r.json()).body;
}

/** A guest bag with its e-mail, address and method: the checkout opens on the payment step. Its total in cents. */
async function bagReadyForPayment(page: Page): Promise<number> {
  await post(page, '/api/checkout/product/add_to_cart', { productId: CHECKOUT_SKU, quantity: 1 });
  await post(page, '/api/checkout/email', { email: `xp-${randomUUID().slice(0, 8)}@example.com` });
  await post(page, '/api/checkout/shipping_address/create/', { address: SHIP_TO });
  const { checkout } = await post(page, '/api/checkout/shipping_method/', { shippingMethodId: 'Regular', confirm: true });
  return checkout.basket.orderTotal;
}

async function openPaymentStep(page: Page) {
  await page.goto('/checkout?step=payment');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
}

const expressBlock = (page: Page) => page.getByRole('region', { name: 'Express checkout' });
const payPal = (page: Page) => expressBlock(page).getByRole('button', { name: 'PayPal', exact: true });

test('PayPal approved from the payment step, by keyboard only, ends on the order confirmation', async ({ page }) => {
  await bagReadyForPayment(page);
  await openPaymentStep(page);
  await payPal(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'PayPal sandbox' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve and pay' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order-confirmation/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Payment' })).toBeVisible();
  await expect(page.getByText('PayPal', { exact: true })).toBeVisible();
});

test('cancelling on PayPal’s page returns to the payment step', async ({ page }) => {
  await bagReadyForPayment(page);
  await openPaymentStep(page);
  await payPal(page).click();
  await page.getByRole('button', { name: 'Cancel and return to the store' }).click();
  await expect(page).toHaveURL(/\/checkout\?step=payment/);
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  await expect(payPal(page)).toBeEnabled();
});

test('a gift card paying it all disables PayPal at once', async ({ page }) => {
  const total = await bagReadyForPayment(page);
  const card = await issuedCard(total + 500);
  await openPaymentStep(page);
  await expect(payPal(page)).toBeEnabled();
  // With something left to pay, the block says the card form below is the other way to pay.
  await expect(expressBlock(page).getByText('or pay by card')).toBeVisible();
  await page.getByLabel('Enter a promo code, gift card or reward certificate').fill(card.number);
  await page.getByLabel('PIN', { exact: true }).fill(card.pin);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Code applied successfully' })).toBeVisible();
  await expect(payPal(page)).toBeDisabled();
  await expect(expressBlock(page).getByText('Nothing is left to pay, so PayPal is not needed.')).toBeVisible();
  await expect(expressBlock(page).getByText('or pay by card')).toHaveCount(0);
});

test('a perks membership in the bag hides PayPal in the payment step and in the bag', async ({ page }) => {
  const email = `xp-perks-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await post(page, '/api/global/register', { firstName: 'Ada', lastName: 'Lee', email, password: 'secret123' });
  const perks = await post(page, '/api/checkout/product/read', { productId: 'fb-perks' });
  await post(page, '/api/checkout/product/add_to_cart', { productId: CHECKOUT_SKU, quantity: 1 });
  await post(page, '/api/checkout/product/add_to_cart', {
    productId: perks.variants[0].id,
    quantity: 1,
    checkIfAlreadyMember: true,
    email,
    customerId: registered.profileData.customerNo,
  });
  await post(page, '/api/checkout/shipping_address/create/', { address: SHIP_TO });
  await post(page, '/api/checkout/shipping_method/', { shippingMethodId: 'Regular', confirm: true });
  await openPaymentStep(page);
  await expect(page.getByLabel('Card Number')).toBeVisible();
  await expect(page.getByRole('button', { name: 'PayPal', exact: true })).toHaveCount(0);
  // No empty "Express checkout" region is left where the buttons were.
  await expect(expressBlock(page)).toHaveCount(0);
  await page.goto('/cart');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your bag' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'PayPal', exact: true })).toHaveCount(0);
  await expect(expressBlock(page)).toHaveCount(0);
});

test('the payment step with its express checkout block has no accessibility violations', async ({ page }) => {
  await bagReadyForPayment(page);
  await openPaymentStep(page);
  await expect(payPal(page)).toBeVisible();
  expect(await axeViolations(page, { everyImpact: true })).toEqual([]);
});
