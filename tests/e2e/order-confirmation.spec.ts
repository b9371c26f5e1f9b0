import { expect, test } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { randomUUID } from 'node:crypto';
import { hydrated } from './hydration.ts';
import { placeGuestOrder } from '../helpers/place-order-http.ts';
import { ownClientAddress } from './client-address.ts';

// Each browser a client address of its own: the store limits the accounts, sign-ins and codes one address may try.
test.beforeEach(({ context }) => ownClientAddress(context));

const email = () => `confirm-${randomUUID().slice(0, 8)}@example.com`;

test('shows the order just placed, lets a guest create an account, and passes axe', async ({ page }) => {
  const address = email();
  const { orderNo, orderTotal } = await placeGuestOrder(page.request, {
    email: address,
    items: [
      { productId: 'fb-1001-blk-M', quantity: 2 },
      { productId: 'rm-3002-olv-M', quantity: 1 },
    ],
  });
  await page.goto('/order-confirmation');
  await hydrated(page);
  const heading = page.getByRole('heading', { level: 1, name: 'Thank you for your order' });
  await expect(heading).toBeFocused();
  await expect(page.getByText(orderNo, { exact: true })).toBeVisible();
  await expect(page.getByText(address, { exact: true }).first()).toBeVisible();
  const lines = page.getByRole('region', { name: 'Items in your order' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText('Qty: 2');
  const total = `$${(orderTotal / 100).toFixed(2)}`;
  await expect(page.getByTestId('summary-total')).toHaveText(total);
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await expect(page.getByRole('region', { name: 'You may also like' }).getByRole('listitem').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const account = page.getByRole('region', { name: 'Create an account' });
  await account.getByLabel('Password', { exact: true }).fill('shopper123');
  await expect(account.getByRole('listitem')).toHaveText([/8-16 Characters \(met\)/, /1 Letter \(met\)/, /1 Number \(met\)/]);
  await account.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account has been created' })).toBeVisible();
  // The order now belongs to the new, signed-in account.
  await page.goto('/orders');
  await expect(page.getByText(orderNo)).toBeVisible();
});

test('without a recent order it says so and links to tracking and home', async ({ page }) => {
  await page.goto('/order-confirmation');
  await expect(page.getByRole('heading', { name: 'We could not find a recent order in this browser.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Track an order' })).toHaveAttribute('href', '/orders');
  expect(await axeViolations(page)).toEqual([]);
});

test('the checkout header logo asks before leaving, by keyboard alone', async ({ page }) => {
  await page.request.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1001-blk-M', quantity: 1 } });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeFocused(); // the checkout island has settled
  await expect(page.locator('header astro-island[ssr]')).toHaveCount(0); // the logo's island too (before it, the logo is a plain link)
  const logo = page.getByRole('link', { name: 'Seven Brands' });
  await expect(logo).toHaveAttribute('href', '/cart');
  await logo.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Items in your bag are not reserved!' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Are you sure you want to leave checkout?');
  await expect(dialog.getByRole('button', { name: 'Continue Checkout' })).toBeFocused();
  expect(await axeViolations(page, { within: ['.checkout-header'] })).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('link', { name: 'View Bag' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Continue Checkout' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(logo).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter'); // Continue Checkout
  await expect(dialog).toBeHidden();
  await expect(logo).toBeFocused();
  await expect(page).toHaveURL(/\/checkout/);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter'); // View Bag
  await expect(page).toHaveURL(/\/cart$/);
});

test('after the order the logo is a plain link home: there is no bag left to warn about', async ({ page }) => {
  await page.goto('/order-confirmation');
  await page.getByRole('link', { name: 'Seven Brands' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('the skip link comes before the logo and moves focus to the main content; the footer tools and the accessibility policy', async ({ page }) => {
  await page.goto('/order-confirmation');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused(); // the island has answered
  await page.getByRole('link', { name: 'Seven Brands' }).focus();
  await page.keyboard.press('Shift+Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  await page.getByRole('button', { name: 'Get a support ID' }).click();
  await expect(page.getByText(/^Support ID: [1-9]\d{4}$/)).toBeVisible();
  await page.getByRole('button', { name: 'Show bag ID' }).click();
  await expect(page.getByText('Your bag is empty, so it has no ID yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Accessibility policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();
});
