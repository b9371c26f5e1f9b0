import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { hydrated } from './hydration.ts';
import { placeGuestOrder } from '../helpers/place-order-http.ts';
import { ownClientAddress } from './client-address.ts';

// Each browser a client address of its own: the store limits the accounts, sign-ins and codes one address may try.
test.beforeEach(({ context }) => ownClientAddress(context));

/**
 * What the checkout tells a shopper about what they buy, and what the confirmation keeps of it: the shipping method
 * and its delivery time (one text for each method everywhere), package protection and savings in the summary, a
 * gift card's To and From and hemming as the bag said them, an e-gift card alone described as what it is, one
 * heading per address, the code field's rule as it is typed, the bag ID a person can read out, and the sign-in
 * message.
 */
const TEE = 'fb-1001-blk-M'; // on promotion: $19.99 for $24.99
const GIFT_CARD = { productId: 'gc-2-gc-25', c_giftCardRecipient: 'Alex', c_giftCardSender: 'Pat' };
const HEMMED_JEAN = { productId: 'ca-7001-nvy-Misses-6', optionItems: [{ optionId: 'hemming', optionValueId: '1' }], c_hemmingInseamLength: '28' };
const E_GIFT_CARD = { productId: 'egc-3-egc-25', c_giftCardRecipient: 'Bo', c_giftCardSender: 'Ada', c_giftCardRecipientEmail: 'bo@example.com' };

const add = async (page: Page, data: Record<string, unknown>) => {
  const r = await page.request.post('/api/checkout/product/add_to_cart', { data: { quantity: 1, ...data } });
  expect(r.ok(), await r.text()).toBe(true);
};
const email = (what: string) => `${what}-${randomUUID().slice(0, 8)}@example.com`;

async function fillAddress(scope: Page | Locator, page: Page) {
  await scope.getByLabel('First Name').fill('Ada');
  await scope.getByLabel('Last Name').fill('Lovelace');
  await scope.getByLabel('Address', { exact: true }).fill('12 Main St');
  await page.keyboard.press('Escape');
  await scope.getByLabel('City').fill('Springfield');
  await scope.getByLabel('State').selectOption('IL');
  await scope.getByLabel('ZIP Code').fill('62701');
  await scope.getByLabel('Phone').fill('2175550134');
}

async function fillCard(page: Page) {
  await page.getByLabel('Name on Card').fill('Ada Lovelace');
  await page.getByLabel('Card Number').fill('4242424242424242');
  await page.getByLabel('Expiration Date MM/YY').fill('1234');
  await page.getByLabel('Security Code').fill('123');
}

/** The checkout's summary; on a phone it is folded: unfolded, again if a tap came before the island woke. */
async function checkoutSummary(page: Page): Promise<Locator> {
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  const rows = summary.getByTestId('order-summary');
  await expect(async () => {
    if (!(await rows.isVisible())) await page.getByRole('button', { name: 'Show order summary' }).click({ timeout: 1000 });
    await expect(rows).toBeVisible({ timeout: 1000 });
  }).toPass();
  return summary;
}

/** How many times a text is printed where a shopper can see it (a legend for screen readers alone does not count). */
const printed = (page: Page, text: string) =>
  page.evaluate(
    (t) =>
      [...document.querySelectorAll('h1, h2, h3, legend, p, span, label')].filter((el) => {
        const box = el.getBoundingClientRect();
        return el.textContent?.trim() === t && box.width > 2 && box.height > 2 && getComputedStyle(el).visibility !== 'hidden';
      }).length,
    text,
  );

test('the bag and the checkout give each method the same delivery time, and Regular is Standard Delivery everywhere', async ({ page }) => {
  await add(page, { productId: TEE });
  await page.goto('/cart');
  await hydrated(page);
  const bagMethods = page.getByRole('group', { name: 'Shipping method' });
  await expect(bagMethods.getByRole('radio', { name: /^Standard Delivery \(5-7 business days\)/ })).toBeVisible();
  await expect(bagMethods.getByRole('radio', { name: /^SuperFast \(Next business day\)/ })).toBeVisible();
  await expect(bagMethods.getByRole('radio', { name: /^Express \(2-3 business days\)/ })).toBeVisible();

  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Email' }).fill(email('methods'));
  await fillAddress(page, page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Method' })).toBeFocused();
  await expect(page.getByRole('radio', { name: /Standard Delivery\s*5-7 business days/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /SuperFast\s*Next business day\s*Order by 1 pm ET/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Express\s*2-3 business days/ })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Shipping method' }).getByText('Regular')).toHaveCount(0);
});

test('the confirmation keeps what was bought: method and delivery time, protection, gift card To and From, savings', async ({ page }) => {
  await add(page, { productId: TEE, quantity: 2 });
  await add(page, GIFT_CARD);
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Email' }).fill(email('receipt'));
  await fillAddress(page, page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await page.getByRole('radio', { name: /SuperFast/ }).check();
  await expect(page.getByLabel(/Protect my package/)).toBeChecked();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillCard(page);
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeFocused();

  // What the checkout shows before the order...
  const summary = await checkoutSummary(page);
  const tee = summary.getByRole('listitem').filter({ hasText: 'Everyday Crew Tee' });
  await expect(tee).toContainText('was $49.98');
  await expect(summary.getByRole('listitem').filter({ hasText: 'Gift Card' })).toContainText('To Alex, from Pat');
  const rows = await summary.getByTestId('order-summary').getByRole('term').allTextContents();
  const values = await summary.getByTestId('order-summary').getByRole('definition').allTextContents();
  expect(rows).toContain('Package Protection');
  expect(rows).toContain('You saved');
  await page.getByRole('button', { name: /Place Order/ }).click();

  // ...is what the confirmation shows after it.
  await expect(page).toHaveURL(/\/order-confirmation/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeFocused();
  const details = page.getByRole('complementary', { name: 'Order details' });
  await expect(details.getByRole('heading', { name: 'Shipping method' })).toBeVisible();
  await expect(details).toContainText('SuperFast');
  await expect(details).toContainText('Next business day');
  const confirmed = details.getByTestId('order-summary');
  await expect(confirmed.getByRole('term')).toHaveText(rows.map((r) => (r === 'Estimated tax' ? 'Tax' : r)));
  await expect(confirmed.getByRole('definition')).toHaveText(values);
  const items = page.getByRole('region', { name: 'Items in your order' }).getByRole('listitem');
  await expect(items.filter({ hasText: 'Everyday Crew Tee' })).toContainText('was $49.98');
  await expect(items.filter({ hasText: 'Gift Card' })).toContainText('To Alex, from Pat');
});

test('hemming reads the same in the bag, the checkout and the confirmation', async ({ page }) => {
  await add(page, HEMMED_JEAN);
  await page.goto('/cart');
  await hydrated(page);
  await expect(page.getByRole('listitem', { name: /High-Rise Straight Jean/ })).toContainText('Hemming: 28" inseam (+$8.00)');
  await page.goto('/checkout');
  const summary = await checkoutSummary(page);
  await expect(summary.getByRole('listitem').filter({ hasText: 'High-Rise Straight Jean' })).toContainText('Hemming: 28" inseam (+$8.00)');
  // The same bag, placed as the checkout places it.
  await placeGuestOrder(page.request, { email: email('hem'), items: [] });
  await page.goto('/order-confirmation');
  const items = page.getByRole('region', { name: 'Items in your order' }).getByRole('listitem');
  await expect(items.filter({ hasText: 'High-Rise Straight Jean' })).toContainText('Hemming: 28" inseam (+$8.00)');
  await expect(page.getByRole('complementary', { name: 'Order details' })).toContainText('Standard Delivery');
});

test('an e-gift card alone is described as what it is: on to payment, one billing heading, tax from the billing address', async ({ page }) => {
  await add(page, E_GIFT_CARD);
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Email' }).fill(email('egift'));
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeFocused();
  expect(await printed(page, 'Billing Address')).toBe(1);
  const summary = await checkoutSummary(page);
  await expect(summary.getByTestId('summary-tax')).toHaveText('Calculated from your billing address');
  await expect(summary.getByTestId('summary-shipping')).toHaveCount(0); // nothing ships
  await fillCard(page);
  await fillAddress(page.getByRole('group', { name: 'Billing Address' }).last(), page);
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeFocused();
  // The billing address is known now: the tax is, too (nothing in the bag is taxable).
  await expect(summary.getByTestId('summary-tax')).toHaveText('$0.00');
  await expect(page.getByText('your card is charged when the e-gift card is e-mailed to its recipient.')).toBeVisible();
  await expect(page.getByText(/when your order ships/)).toHaveCount(0);
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
  const details = page.getByRole('complementary', { name: 'Order details' });
  await expect(details.getByTestId('summary-tax')).toHaveText('$0.00');
  await expect(details.getByRole('heading', { name: 'Shipping method' })).toHaveCount(0);
});

test('a signed-in shopper sees one heading for the shipping address and one for the billing update', async ({ page }) => {
  const address = email('headings');
  const reg = await page.request.post('/api/global/register', {
    data: { firstName: 'Hedda', lastName: 'Ing', email: address, password: 'abcd1234' },
  });
  expect(reg.ok()).toBe(true);
  await add(page, { productId: TEE });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Shipping Address' })).toBeFocused();
  expect(await printed(page, 'Shipping Address')).toBe(1);
  await fillAddress(page, page);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillCard(page);
  await page.getByRole('button', { name: 'Review Order' }).click();
  await page.getByRole('button', { name: 'Change Billing Address' }).click();
  await expect(page.getByRole('heading', { name: 'Billing Address' })).toBeFocused();
  await page.getByLabel('Same as shipping address').uncheck();
  await expect(page.getByLabel('First Name')).toBeVisible();
  expect(await printed(page, 'Billing Address')).toBe(1);
});

test('the code field takes letters and digits only, upper-cased, and no more than 19', async ({ page }) => {
  await add(page, { productId: TEE });
  await page.goto('/cart');
  await hydrated(page);
  const field = page.getByLabel('Enter a promo code');
  await field.pressSequentially('abc$%^def-ghi jklmnopqrstuvwxyz');
  await expect(field).toHaveValue('ABCDEFGHIJKLMNOPQRS');
});

test('the bag ID reads as three groups of four letters and digits', async ({ page }) => {
  await add(page, { productId: TEE });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeFocused();
  // The footer's island wakes when it is scrolled into view.
  const show = page.getByRole('button', { name: 'Show bag ID' });
  await show.scrollIntoViewIfNeeded();
  await expect(page.locator('footer astro-island[ssr]')).toHaveCount(0);
  await show.click();
  await expect(page.getByText(/^Bag ID: [0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)).toBeVisible();
});

test('signing in says Login completed successfully on the page it leads back to, once', async ({ page }) => {
  // The bag goes with the account when it is made, and comes back when the shopper signs in again.
  await add(page, { productId: TEE });
  const address = email('signin');
  const reg = await page.request.post('/api/global/register', { data: { firstName: 'Sig', lastName: 'Nin', email: address, password: 'abcd1234' } });
  expect(reg.ok()).toBe(true);
  await page.request.post('/api/global/logout', { data: {} });
  await page.goto(`/register?isopen=true&original=${encodeURIComponent('/checkout')}`);
  await hydrated(page);
  const signIn = page.getByRole('region', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(address);
  await signIn.getByLabel('Password', { exact: true }).fill('abcd1234');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByRole('status').filter({ hasText: 'Login completed successfully' })).toBeVisible();
  // Said until the shopper moves on, and on no page after.
  await fillAddress(page, page);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Method' })).toBeFocused();
  await expect(page.getByText('Login completed successfully')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Shipping Method' })).toBeVisible();
  await expect(page.getByText('Login completed successfully')).toHaveCount(0);
});
