import { expect, test } from '@playwright/test';
import { addToBag, CHECKOUT_SKU, fillAddress, fillCard } from './checkout-forms.ts';
import { ownClientAddress } from './client-address.ts';

// Each browser a client address of its own: the store limits the accounts, sign-ins and codes one address may try.
test.beforeEach(({ context }) => ownClientAddress(context));

/** A signed-in shopper's order earns rewards points: the confirmation says how many, and the account flyout counts them. */

test("a signed-in shopper's order confirmation shows the rewards points it earned", async ({ page }) => {
  const email = `earn-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const reg = await page.request.post('/api/global/register', { data: { firstName: 'Erin', lastName: 'Points', email, password: 'abcd1234' } });
  expect(reg.ok()).toBe(true);
  await addToBag(page, { productId: CHECKOUT_SKU });
  await page.goto('/checkout');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillCard(page);
  await page.getByRole('button', { name: 'Review Order' }).click();
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);

  const summary = page.getByTestId('order-summary');
  const subtotalText = (await summary.getByTestId('summary-subtotal').textContent()) ?? '';
  const subtotal = Number(subtotalText.replace(/[^0-9.]/g, ''));
  const points = Math.floor(subtotal);
  expect(points).toBeGreaterThan(0);
  await expect(summary.getByRole('term').filter({ hasText: 'Rewards points earned' })).toBeVisible();
  await expect(summary.getByTestId('summary-rewards-earned')).toHaveText(`${points} points`);

  await page.goto('/home');
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Account' }).getByText(`${points} of 500 points to your next reward`)).toBeVisible();
});
