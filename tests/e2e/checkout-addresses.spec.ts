import { expect, test } from '@playwright/test';
import { addToBag, CHECKOUT_SKU, fillAddress, fillCard } from './checkout-forms.ts';

/**
 * Addresses in the checkout: a street completed from what the form already holds, a state a line cannot ship to,
 * and a bag with nothing to ship, which skips the shipping step and asks for its own billing address.
 */

test('a street typed alone is completed with the ZIP code already typed; with none, the field says what to add', async ({ page }) => {
  await addToBag(page, { productId: CHECKOUT_SKU });
  await page.goto('/checkout');
  const address = page.getByRole('combobox', { name: 'Address' });
  await address.fill('123 Main');
  await expect(page.getByRole('status').filter({ hasText: 'Add a comma and your city or ZIP code' })).toBeVisible();
  await address.fill('123 Main, Portl');
  await expect(page.getByRole('option', { name: '123 Main, Portland, OR 97201' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByLabel('ZIP Code').fill('62701');
  await address.fill('123 Main St');
  await page.getByRole('option', { name: '123 Main St, Springfield, IL 62701' }).click();
  await expect(address).toHaveValue('123 Main St');
  await expect(page.getByLabel('City')).toHaveValue('Springfield');
  await expect(page.getByLabel('State')).toHaveValue('IL');
});

test('an address in a state a line cannot ship to sends the shopper to the bag with the reason', async ({ page }) => {
  const product = (await (await page.request.post('/api/checkout/product/read', { data: { productId: 'rm-3001' } })).json()) as {
    body: { variants: { id: string; inStock: boolean; orderable: boolean }[] };
  };
  const variant = product.body.variants.find((v) => v.inStock && v.orderable);
  expect(variant).toBeDefined();
  await addToBag(page, { productId: variant!.id });
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Email' }).fill('west@example.com');
  await fillAddress(page);
  await page.getByLabel('City').fill('Fresno');
  await page.getByLabel('State').selectOption('CA');
  await page.getByLabel('ZIP Code').fill('93701');
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(page).toHaveURL(/\/cart\?source=newcheckout&isRestrictedShippingItem=true$/);
  await expect(page.getByRole('alert')).toContainText('cannot be shipped to California');
});

test('an e-gift-card-only bag has no shipping step and asks for its own billing address', async ({ page }) => {
  await addToBag(page, { productId: 'egc-3-egc-25', c_giftCardRecipient: 'Bo', c_giftCardSender: 'Ada', c_giftCardRecipientEmail: 'bo@example.com' });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Checkout progress' })).not.toContainText('Shipping');
  await expect(page.getByLabel('First Name')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Email' }).fill('egift@example.com');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeFocused();
  await expect(page.getByLabel('Same as shipping address')).toHaveCount(0);
  await fillCard(page);
  await fillAddress(page, 'Billing Address');
  await page.getByRole('button', { name: 'Review Order' }).click();
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
});
