import { expect, test, type Page } from '@playwright/test';

/**
 * The shipping step's extras as a shopper sees them: package protection auto-applied once with its
 * own summary row (a removal sticks), EcoShip with its date held across a reload, the gift card fee and heavy item
 * surcharge under every method and in the summary, the perks line under Express, and the 'About Your Order' modal
 * for items that cannot go to a P.O. box. The test server turns the calendar-dependent peak fee off.
 */
const TEE = 'fb-1002-olv-M';
const BOOT = 'ks-6006';

async function add(page: Page, data: Record<string, unknown>) {
  const r = await page.request.post('/api/checkout/product/add_to_cart', { data: { quantity: 1, ...data } });
  expect(r.ok()).toBe(true);
}

/** An orderable variant of the heavy boot (Knee-High Boot: heavy item surcharge, no P.O. boxes). */
async function bootSku(page: Page): Promise<string> {
  const product = (await (await page.request.post('/api/checkout/product/read', { data: { productId: BOOT } })).json()).body;
  return product.variants.find((v: { inStock: boolean; orderable: boolean }) => v.inStock && v.orderable).id;
}

async function fillAddress(page: Page, address1 = '12 Main St') {
  await page.getByRole('textbox', { name: 'Email' }).fill('extras@example.com');
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Address', { exact: true }).fill(address1);
  await page.keyboard.press('Escape');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State').selectOption('IL');
  await page.getByLabel('ZIP Code').fill('62701');
  await page.getByLabel('Phone').fill('2175550134');
}

/** The order summary, unfolded on small screens. */
async function summary(page: Page) {
  const toggle = page.getByRole('button', { name: 'Show order summary' });
  if (await toggle.isVisible()) await toggle.click();
  return page.getByRole('complementary').getByTestId('order-summary');
}

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

test('package protection is applied on entering shipping, has its own row, and stays off once removed', async ({ page }) => {
  await add(page, { productId: TEE });
  await page.goto('/checkout');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Method' })).toBeFocused();

  const protect = page.getByRole('checkbox', { name: /^Protect my package \(\$\d+\.\d{2}\)$/ });
  await expect(protect).toBeChecked();
  await expect(page.getByText('Covers your package if it is lost, stolen or damaged on its way to you.')).toBeVisible();
  const fee = cents(await protect.evaluate((box) => box.closest('label')?.textContent ?? ''));
  expect(fee).toBeGreaterThan(0);
  const rows = await summary(page);
  await expect(rows.getByRole('term').filter({ hasText: 'Package Protection' })).toBeVisible();
  await expect(rows.getByTestId('summary-protection')).toHaveText(`$${(fee / 100).toFixed(2)}`);
  const withProtection = cents(await rows.getByTestId('summary-total').textContent());

  await protect.uncheck();
  await expect(rows.getByTestId('summary-protection')).toHaveCount(0);
  await expect(rows.getByTestId('summary-total')).toHaveText(`$${((withProtection - fee) / 100).toFixed(2)}`);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Shipping Method' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Protect my package/ })).not.toBeChecked();
  await expect((await summary(page)).getByTestId('summary-protection')).toHaveCount(0);
});

test('EcoShip is offered with Regular, its date shown, held across a reload, and gone with Express; Perks shows under Express', async ({ page }) => {
  await add(page, { productId: TEE });
  await page.goto('/checkout');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();

  const eco = page.getByRole('checkbox', { name: /^Ship with fewer boxes \(EcoShip\): arrives by \w+day, \w+ \d{1,2}$/ });
  await expect(eco).not.toBeChecked();
  await eco.check();
  await expect(eco).toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /EcoShip/ })).toBeChecked();

  const express = page.getByRole('radio', { name: /Express/ });
  await expect(page.locator('label', { has: express })).toContainText('Free Express shipping with Fernbrook Perks Annual Membership');
  await express.check();
  await expect(page.getByRole('checkbox', { name: /EcoShip/ })).toHaveCount(0);
});

test('a gift card fee and a heavy item surcharge show under every method and in shipping & handling; the order charges the total shown', async ({
  page,
}) => {
  await add(page, { productId: 'gc-2-gc-25', c_giftCardRecipient: 'Sam', c_giftCardSender: 'Alex' });
  await add(page, { productId: await bootSku(page) });
  await page.goto('/checkout');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();

  for (const method of ['Standard Delivery', 'Express', 'SuperFast']) {
    const label = page.locator('label', { has: page.getByRole('radio', { name: new RegExp(`^${method}`) }) });
    await expect(label).toContainText('Gift card fee: +$1.99');
    await expect(label).toContainText('Heavy item surcharge: +$4.99');
  }
  const rows = await summary(page);
  await expect(rows.getByTestId('summary-gift-card-fee')).toHaveText('$1.99');
  await expect(rows.getByTestId('summary-heavy-item')).toHaveText('$4.99');
  await expect(rows.getByTestId('summary-peak-handling')).toHaveCount(0);
  // Standard Delivery is free over $75: shipping & handling is the two surcharges.
  await expect(rows.getByTestId('summary-shipping')).toHaveText('$6.98');
  await expect(page.getByRole('checkbox', { name: /^Protect my package/ })).toBeChecked();
  const shown = await rows.getByTestId('summary-total').textContent();

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByLabel('Name on Card').fill('Ada Lovelace');
  await page.getByLabel('Card Number').fill('4242424242424242');
  await page.getByLabel('Expiration Date MM/YY').fill('1234');
  await page.getByLabel('Security Code').fill('123');
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeFocused();
  await expect((await summary(page)).getByTestId('summary-total')).toHaveText(shown ?? '');
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
  const confirmation = page.getByTestId('order-summary');
  await expect(confirmation.getByTestId('summary-total')).toHaveText(shown ?? '');
  await expect(confirmation.getByTestId('summary-protection')).toBeVisible();
});

test('a P.O. box with an item that cannot go to one opens About Your Order: edit goes back to the address, remove sends it again', async ({
  page,
}) => {
  await add(page, { productId: TEE });
  await add(page, { productId: await bootSku(page) });
  await page.goto('/checkout');
  await fillAddress(page, 'PO Box 42');
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();

  const modal = page.getByRole('dialog', { name: 'About Your Order' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('These items cannot be shipped to a P.O. Box. Edit your address or remove this item.');
  await expect(modal.getByRole('listitem')).toHaveText([/Knee-High Boot/]);
  await modal.getByRole('button', { name: 'Edit Shipping Address' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByLabel('Address', { exact: true })).toBeFocused();

  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await modal.getByRole('button', { name: 'Remove This Item' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Method' })).toBeFocused();
  await summary(page);
  const lines = page.getByRole('complementary').getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines).toContainText('Waffle Henley');
});

test("the order summary's labels keep one line each beside a long value such as the tax before an address", async ({ page }) => {
  await add(page, { productId: TEE });
  await page.goto('/checkout');
  // On a phone the summary is folded: unfold it, again if a tap came before the island woke (and was lost).
  const summary = page.getByRole('complementary').getByTestId('order-summary');
  await expect(async () => {
    if (!(await summary.isVisible())) await page.getByRole('button', { name: 'Show order summary' }).click({ timeout: 1000 });
    await expect(summary).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(summary.getByTestId('summary-tax')).toHaveText('Calculated from your address');
  // Lines of text as laid out (a grid cell is as tall as its row, so its box would not tell).
  const linesOf = (text: string) =>
    summary.getByText(text, { exact: true }).evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
  for (const label of ['Subtotal', 'Shipping & handling', 'Estimated tax', 'Order total', 'You saved']) {
    expect(await linesOf(label), label).toBe(1);
  }
  // The long value wraps inside the summary rather than running past it.
  expect(await summary.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});
