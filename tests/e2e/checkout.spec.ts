import { expect, test, type Page } from '@playwright/test';
import { bagAtPayment } from './checkout-forms.ts';

/**
 * The checkout as a shopper uses it: a guest buys by card from information to confirmation, a
 * declined card then an approved one, what was typed survives a reload on every step, and the step follows the
 * URL with the server's choice winning.
 */
const SKU = 'fb-1002-olv-M';

async function bagWith(page: Page, productId = SKU) {
  const r = await page.request.post('/api/checkout/product/add_to_cart', { data: { productId, quantity: 1 } });
  expect(r.ok()).toBe(true);
}

async function fillAddress(page: Page) {
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Address', { exact: true }).fill('12 Main St');
  await page.keyboard.press('Escape');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State').selectOption('IL');
  await page.getByLabel('ZIP Code').fill('62701');
  await page.getByLabel('Phone').fill('2175550134');
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Name on Card').fill('Ada Lovelace');
  await page.getByLabel('Card Number').fill(number);
  await page.getByLabel('Expiration Date MM/YY').fill('1234');
  await page.getByLabel('Security Code').fill('123');
}

test('a guest buys by card: information, shipping, payment, review, confirmation', async ({ page }) => {
  await bagWith(page);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeFocused();
  await expect(page).toHaveURL(/step=information/);
  await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();

  await expect(page.getByRole('heading', { name: 'Shipping Method' })).toBeFocused();
  await expect(page).toHaveURL(/step=shipping/);
  await expect(page.getByRole('term').filter({ hasText: 'Contact' })).toBeVisible();
  await page.getByRole('radio', { name: /Express/ }).check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  await expect(page.getByRole('heading', { name: 'Payment' })).toBeFocused();
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Review Order' }).click();

  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeFocused();
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await page.getByRole('button', { name: /Place Order/ }).click();

  await expect(page).toHaveURL(/\/order-confirmation/);
  await expect(page.getByText(/\d{1,4}-\d{5}-\d{3,4}/).first()).toBeVisible();
});

test('a declined card shows the reason and keeps the shopper on payment; an approved card then places the order', async ({ page }) => {
  await bagWith(page);
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Email' }).fill('grace@example.com');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillCard(page, '4000000000000002');
  await page.getByRole('button', { name: 'Review Order' }).click();
  await page.getByRole('button', { name: /Place Order/ }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('declined');
  await expect(alert).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  // The card form was reset: nothing of the declined card is left in it.
  await expect(page.getByLabel('Card Number')).toHaveValue('');

  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Review Order' }).click();
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
});

test('what was typed survives a reload; the card number and security code are never kept', async ({ page }) => {
  await bagWith(page);
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Email' }).fill('kept@example.com');
  await page.getByLabel('First Name').fill('Kept');
  await page.getByLabel('City').fill('Boston');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('kept@example.com');
  await expect(page.getByLabel('First Name')).toHaveValue('Kept');
  await expect(page.getByLabel('City')).toHaveValue('Boston');

  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByLabel('Name on Card').fill('Kept Person');
  await page.getByLabel('Card Number').fill('4242424242424242');
  await page.getByLabel('Expiration Date MM/YY').fill('1234');
  await page.getByLabel('Security Code').fill('987');
  await page.getByLabel('Same as shipping address').uncheck();
  await page.getByLabel('City').fill('Albany');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await expect(page.getByLabel('City')).toHaveValue('Albany');
  // The name on the card and the expiry are kept like every other field; the number and the code never are.
  await expect(page.getByLabel('Name on Card')).toHaveValue('Kept Person');
  await expect(page.getByLabel('Expiration Date MM/YY')).toHaveValue('12/34');
  await expect(page.getByLabel('Card Number')).toHaveValue('');
  await expect(page.getByLabel('Security Code')).toHaveValue('');
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }) + document.cookie);
  expect(stored).not.toContain('4242');
  expect(stored).not.toContain('987');
});

test('a step that cannot be reached yet gives way to the server’s choice; Back and Forward follow the URL', async ({ page }) => {
  await bagWith(page);
  await page.goto('/checkout?step=review');
  await expect(page).toHaveURL(/step=information/);
  await page.getByRole('textbox', { name: 'Email' }).fill('nav@example.com');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(page).toHaveURL(/step=shipping/);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Shipping Method' })).toBeVisible();
});

test('Back from review shows the card already on the order, which can be kept or changed; Forward shows it on review', async ({ page }) => {
  await bagWith(page);
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Email' }).fill('card@example.com');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeFocused();

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeFocused();
  await expect(page.getByRole('radio', { name: 'Visa ending in 4242, expires 12/34' })).toBeChecked();
  await expect(page.getByLabel('Card Number')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Review Order' })).toBeEnabled();
  // A reload on payment shows it as well (it is the order's, not the page's).
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Visa ending in 4242, expires 12/34' })).toBeChecked();
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeFocused();
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();

  // Changing it: an empty card form; the new card replaces the old one on the order.
  await page.goBack();
  await page.getByRole('radio', { name: 'Use a new card' }).check();
  await expect(page.getByLabel('Card Number')).toHaveValue('');
  await expect(page.getByLabel('Name on Card')).toHaveValue('');
  await fillCard(page, '5555555555554444');
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByText(/Mastercard ending in 4444/)).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('radio', { name: /ending in 4444/ })).toBeChecked();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeVisible();
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
});

test('coming back after reaching shipping without pressing Continue shows the shipping step again, with the method chosen', async ({
  page,
  context,
}) => {
  await bagWith(page);
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Email' }).fill('back@example.com');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Method' })).toBeFocused();
  await page.getByRole('radio', { name: /Express/ }).check();
  // The choice is saved as it is made (the bag's summary follows it), then the shopper leaves for the bag.
  await expect(page.getByRole('radio', { name: /Express/ })).toBeChecked();
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Checkout now' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Method' })).toBeFocused();
  await expect(page).toHaveURL(/step=shipping/);
  await expect(page.getByRole('radio', { name: /Express/ })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeVisible();

  // A new tab asking for payment gets the shipping step too: payment is not reachable until shipping is submitted.
  const tab = await context.newPage();
  await tab.goto('/checkout?step=payment');
  await expect(tab.getByRole('heading', { name: 'Shipping Method' })).toBeVisible();
  await expect(tab).toHaveURL(/step=shipping/);
  await tab.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(tab.getByRole('heading', { name: 'Payment' })).toBeFocused();
  await tab.close();
});

test('an empty bag is sent back to the bag', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/cart/);
});

test('changing the e-mail from a later step saves it and comes back to that step', async ({ page }) => {
  await bagAtPayment(page, { guest: true });
  await page.getByRole('button', { name: 'Change Contact' }).click();
  await expect(page.getByRole('heading', { name: 'Contact' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Email' }).fill('grace@example.com');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeFocused();
  await expect(page).toHaveURL(/step=payment/);
  await expect(page.getByRole('definition').filter({ hasText: 'grace@example.com' })).toBeVisible();
});

test('on a phone the order summary folds behind a toggle showing the total; a wide screen shows it beside the steps', async ({ page, isMobile }) => {
  const total = await bagAtPayment(page, { guest: true });
  const summary = page.getByRole('complementary').getByRole('heading', { name: 'Order Summary' });
  const show = page.getByRole('button', { name: /^Show order summary/ });
  if (!isMobile) {
    await expect(summary).toBeVisible();
    await expect(show).toBeHidden();
    return;
  }
  await expect(show).toContainText(`$${(total / 100).toFixed(2)}`);
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await expect(summary).toBeHidden();
  await show.click();
  await expect(summary).toBeVisible();
  const hide = page.getByRole('button', { name: /^Hide order summary/ });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  await hide.click();
  await expect(summary).toBeHidden();
});
