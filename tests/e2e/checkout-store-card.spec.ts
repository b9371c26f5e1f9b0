import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { bestStockedSku, e2eDb } from '../helpers/e2e-db.ts';
import { storeCardAccount } from '../helpers/store-card-fixtures.ts';
import { issuedCard } from '../helpers/gift-card-http.ts';
import { applyGiftCard, bagAtPayment } from './checkout-forms.ts';
import { ownClientAddress } from './client-address.ts';

// Each browser a client address of its own: the store limits the accounts, sign-ins and codes one address may try.
test.beforeEach(({ context }) => ownClientAddress(context));

/**
 * Paying with the store card: the card form drops expiry and security code once a store card number is typed, a
 * guest pays with the number (checked against the billing ZIP code), and a signed-in holder pays with their saved
 * store card, shown with its available credit. A store card that cannot pay the bag (its brands do not take it, or
 * less credit than is left to pay) is said so at the payment step, with its available credit, never only at Place
 * Order; the reason goes when the bag changes so that it can pay.
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

test('the card form hides expiry and security code for a store card number, and a guest pays with it', async ({ page }, testInfo) => {
  await page.setViewportSize(viewportOf(testInfo.project.name));
  const number = await openAccount(null, 500_00);
  await bagAtPayment(page, { guest: true });
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
  const number = await openAccount(await signedInShopper(page), 300_00);
  await bagAtPayment(page, { guest: false });
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

/** A registered shopper, signed in in the page's context; their customer id. */
async function signedInShopper(page: Page): Promise<string> {
  const email = `holder-${randomUUID().slice(0, 8)}@example.com`;
  const reg = await page.request.post('/api/global/register', { data: { firstName: 'Ada', lastName: 'Lovelace', email, password: 'abcd1234' } });
  expect(reg.ok()).toBe(true);
  return (await reg.json()).body.token.customer_id;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('a saved store card with less credit than is left to pay is listed with its available credit and why, and can pay once a gift card pays the rest', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(viewportOf(testInfo.project.name));
  const number = await openAccount(await signedInShopper(page), 10_00);
  const total = await bagAtPayment(page, { guest: false });
  expect(total).toBeGreaterThan(10_00);
  const last4 = number.slice(-4);
  const saved = page.getByRole('radio', { name: `Store card ending in ${last4}, $10.00 available credit` });
  await expect(saved).toBeDisabled();
  const why = page.getByText(`Store card ending in ${last4} has $10.00 available credit, less than the ${dollars(total)} left to pay.`);
  await expect(why).toBeVisible();
  await expect(saved).toHaveAccessibleDescription(/less than the/);
  await page.screenshot({ path: testInfo.outputPath(`store-card-short-${testInfo.project.name}.png`), fullPage: true });
  // A gift card pays all but $5.00: the store card's $10.00 covers the rest.
  await applyGiftCard(page, await issuedCard(total - 5_00));
  await expect(why).toBeHidden();
  await expect(saved).toBeEnabled();
  await saved.check();
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeVisible();
});

test("a saved store card the bag's brands do not take is listed with the reason, not hidden", async ({ page }, testInfo) => {
  await page.setViewportSize(viewportOf(testInfo.project.name));
  const number = await openAccount(await signedInShopper(page), 500_00);
  // A ks bag: that brand takes cards and gift cards, no store card (src/content/payment/payment-methods.json).
  await bagAtPayment(page, { guest: false, sku: await bestStockedSku('ks-6001') });
  const last4 = number.slice(-4);
  await expect(page.getByRole('radio', { name: `Store card ending in ${last4}, $500.00 available credit` })).toBeDisabled();
  await expect(page.getByText(`Store card ending in ${last4} is not accepted for the items in your bag.`)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Use a new card' })).toBeChecked();
});

test("a guest's store card with less credit than is left to pay is refused at the payment step with its available credit; the alert goes when the bag changes", async ({
  page,
}, testInfo) => {
  await page.setViewportSize(viewportOf(testInfo.project.name));
  const number = await openAccount(null, 10_00);
  const total = await bagAtPayment(page, { guest: true });
  await page.getByLabel('Name on Card').fill('Ada Lovelace');
  await page.getByLabel('Card Number').fill(number);
  await page.getByRole('button', { name: 'Review Order' }).click();
  const alert = page
    .getByRole('alert')
    .filter({ hasText: `Store card ending in ${number.slice(-4)} has $10.00 available credit, less than the ${dollars(total)} left to pay.` });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await applyGiftCard(page, await issuedCard(total - 5_00));
  await expect(alert).toBeHidden();
});
