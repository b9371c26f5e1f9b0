import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { e2eDb } from '../helpers/e2e-db.ts';
import { storeCardAccount } from '../helpers/store-card-fixtures.ts';
import { CHECKOUT_SKU } from './checkout-forms.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';

/**
 * Paying with the store card: the card form drops expiry and security code once a store card number is typed, a
 * guest pays with the number (checked against the billing ZIP code), and a signed-in holder pays with their saved
 * store card, shown with its available credit.
 */

/** The sizes the payment step is looked at in: a desktop and a phone. */
const viewportOf = (project: string) => (project === 'mobile' ? { width: 390, height: 844 } : { width: 1280, height: 900 });

/** A store card account (250 points) opened in the test server's store; its number. */
async function openAccount(customerId: string | null, limitCents: number) {
  const db = e2eDb();
  try {
    return (await storeCardAccount(db, limitCents, customerId, 250)).number;
  } finally {
    await db.kysely.destroy();
  }
}

/** A bag at its payment step: item, e-mail (guests), address and method given through the checkout's own endpoints. */
async function bagAtPayment(page: Page, guest: boolean) {
  const call = async (path: string, data: unknown) => {
    const r = await page.request.post(path, { data });
    expect(r.ok(), await r.text()).toBe(true);
  };
  await call('/api/checkout/product/add_to_cart', { productId: CHECKOUT_SKU, quantity: 1 });
  if (guest) await call('/api/checkout/email/', { email: `plcc.${randomUUID().slice(0, 8)}@example.com` });
  await call('/api/checkout/shipping_address/create/', { address: TEST_ADDRESS });
  await call('/api/checkout/shipping_method', { shippingMethodId: 'Regular', confirm: true });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
}

test('the card form hides expiry and security code for a store card number, and a guest pays with it', async ({ page }, testInfo) => {
  await page.setViewportSize(viewportOf(testInfo.project.name));
  const number = await openAccount(null, 500_00);
  await bagAtPayment(page, true);
  await expect(page.getByLabel('Expiration Date MM/YY')).toBeVisible();
  await expect(page.getByLabel('Security Code')).toBeVisible();
  await page.getByLabel('Name on Card').fill('Ada Lovelace');
  await page.getByLabel('Card Number').fill(number);
  await expect(page.getByLabel('Expiration Date MM/YY')).toHaveCount(0);
  await expect(page.getByLabel('Security Code')).toHaveCount(0);
  await expect(page.getByText(/Store card: no expiration date or security code needed/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`store-card-payment-${testInfo.project.name}.png`), fullPage: false });
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeVisible();
  // Named as the store card wherever it is named, with what it pays.
  await expect(page.getByText(new RegExp(`^Store card ending in ${number.slice(-4)}: \\$[\\d.]+$`))).toBeVisible();
  await expect(page.getByText(/Private Label Credit Card/)).toHaveCount(0);
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
});

test('a signed-in holder pays with their saved store card, shown with its available credit', async ({ page }, testInfo) => {
  await page.setViewportSize(viewportOf(testInfo.project.name));
  const email = `holder-${randomUUID().slice(0, 8)}@example.com`;
  const reg = await page.request.post('/api/global/register', { data: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'abcd1234' } });
  expect(reg.ok()).toBe(true);
  const number = await openAccount((await reg.json()).body.token.customer_id, 300_00);
  await bagAtPayment(page, false);
  const saved = page.getByRole('radio', { name: `Store card ending in ${number.slice(-4)}, $300.00 available credit` });
  await expect(saved).toBeVisible();
  await saved.check();
  await expect(page.getByLabel('Card Number')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`store-card-saved-${testInfo.project.name}.png`), fullPage: false });
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeVisible();
  await expect(page.getByLabel(/Security code/)).toHaveCount(0);
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
});
