import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { giveTryOutRewards } from '#src/server/rewards/try-out.ts';
import { e2eDb } from '../helpers/e2e-db.ts';
import { addToBag, CHECKOUT_SKU } from './checkout-forms.ts';
import { ownClientAddress } from './client-address.ts';
import { hydrated } from './hydration.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';

/**
 * Reward certificates and brand rewards as payment, as a shopper sees them: a guest's certificate asks for sign-in;
 * a signed-in shopper's certificate and ELQ rewards pay before a card, each named with what it pays, and the
 * confirmation keeps their rows; the code field and the rewards offer by keyboard alone and for a screen reader.
 */
test.beforeEach(({ context }) => ownClientAddress(context));

const ADDRESS = { ...TEST_ADDRESS, firstName: 'Rae', lastName: 'Wards' };

/** Registers (signed in) in the page's browser, with the try-out rewards: ELQ and Dia $25.00 each, two certificates. */
async function signedInMember(page: Page) {
  const email = `rt-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const reg = await page.request.post('/api/global/register', { data: { firstName: 'Rae', lastName: 'Wards', email, password: 'abcd1234' } });
  expect(reg.ok()).toBe(true);
  const db = e2eDb();
  try {
    const certificates = await giveTryOutRewards(db, email);
    if (!certificates) throw new Error('the account was not found');
    return { email, certificate: certificates[0]! };
  } finally {
    await db.kysely.destroy();
  }
}

/** The bag with e-mail, address and method given: ready for payment. */
async function readyForPayment(page: Page, email: string) {
  const post = async (path: string, data: unknown) => {
    const r = await page.request.post(path, { data });
    expect(r.ok(), `${path}: ${await r.text()}`).toBe(true);
    return (await r.json()).body;
  };
  await post('/api/checkout/product/add_to_cart', { productId: CHECKOUT_SKU, quantity: 1 });
  await post('/api/checkout/email', { email });
  await post('/api/checkout/shipping_address/create/', { address: ADDRESS });
  const { checkout } = await post('/api/checkout/shipping_method/', { shippingMethodId: 'Regular', confirm: true });
  return checkout.basket.orderTotal as number;
}

/** The summary; on a phone the checkout folds it: unfolded, again if a tap came before the island woke. */
async function checkoutSummary(page: Page): Promise<Locator> {
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  const rows = summary.getByTestId('order-summary');
  await expect(async () => {
    if (!(await rows.isVisible())) await page.getByRole('button', { name: 'Show order summary' }).click({ timeout: 1000 });
    await expect(rows).toBeVisible({ timeout: 1000 });
  }).toPass();
  return summary;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('a guest entering a certificate is asked to sign in to use it', async ({ page }) => {
  await addToBag(page, { productId: CHECKOUT_SKU });
  await page.goto('/cart');
  await hydrated(page);
  await page.getByLabel('Enter a promo code, gift card or reward certificate').fill(`X${'4'.repeat(18)}`);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Please sign in to use this code.' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('a certificate and ELQ rewards pay the order at the payment step; the confirmation shows their rows', async ({ page }, testInfo) => {
  const { email, certificate } = await signedInMember(page);
  const total = await readyForPayment(page, email);
  await page.goto('/checkout?step=payment');
  await hydrated(page);
  await page.getByLabel('Enter a promo code, gift card or reward certificate').fill(certificate.number);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Code applied successfully' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: `Reward certificate •••• ${certificate.last4}` })).toContainText('pays $10.00');

  const rewards = Math.min(2500, total - 1000);
  await page.getByRole('button', { name: `Apply ${dollars(rewards)} of ELQ Rewards` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Rewards applied.' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Payments on your order' }).getByRole('listitem', { name: 'ELQ Rewards' })).toContainText(
    `pays ${dollars(rewards)}`,
  );
  // Once applied, the programme is no longer offered.
  await expect(page.getByRole('list', { name: 'Rewards you can use' }).getByRole('listitem', { name: 'ELQ Rewards' })).toHaveCount(0);
  const summary = await checkoutSummary(page);
  await expect(summary.getByTestId('summary-certificates')).toHaveText('−$10.00');
  await expect(summary.getByTestId('summary-elq-rewards')).toHaveText(`−${dollars(rewards)}`);
  // The order total stays whole; what the tenders leave is the amount due.
  await expect(summary.getByTestId('summary-total')).toHaveText(dollars(total));
  await expect(summary.getByTestId('summary-amount-due')).toHaveText(dollars(total - 1000 - rewards));
  // The step as a shopper sees it, kept with the test's output at the sizes the store is reviewed at.
  await page.setViewportSize(testInfo.project.name === 'mobile' ? { width: 390, height: 844 } : { width: 1280, height: 900 });
  await page.getByRole('list', { name: 'Payments on your order' }).getByRole('listitem', { name: 'ELQ Rewards' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`payment-rewards-${testInfo.project.name}.png`) });

  await expect(page.getByRole('status').filter({ hasText: 'Your rewards and gift cards pay for this order. No card is needed.' })).toBeVisible();
  await page.getByRole('button', { name: 'Review Order' }).click();
  await page.getByRole('button', { name: 'Place Order · $0.00' }).click();
  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expect(page.getByTestId('summary-total')).toHaveText(dollars(total));
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByRole('term')).toHaveText([`Reward certificate •••• ${certificate.last4}`, 'ELQ Rewards']);
  await expect(payments.getByRole('definition')).toHaveText(['$10.00', dollars(rewards)]);
});

test('a certificate and rewards are applied by keyboard alone, and axe finds nothing serious in the code form', async ({ page }) => {
  const { certificate } = await signedInMember(page);
  await addToBag(page, { productId: CHECKOUT_SKU });
  await page.goto('/cart');
  await hydrated(page);
  const offer = page.getByRole('button', { name: /^Apply \$[\d.]+ of ELQ Rewards$/ });
  await expect(offer).toBeVisible();
  await page.getByLabel('Enter a promo code, gift card or reward certificate').focus();
  await page.keyboard.type(certificate.number);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Code applied successfully' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(offer).toBeFocused();
  expect(await axeViolations(page, { within: ['.promo'] })).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Rewards applied.' })).toBeFocused();
  await expect(offer).toBeHidden();
  await expect(page.getByRole('list', { name: 'Payments on your order' }).getByRole('listitem', { name: 'ELQ Rewards' })).toBeVisible();
  await expect(page.getByTestId('summary-certificates')).toHaveText('−$10.00');
});
