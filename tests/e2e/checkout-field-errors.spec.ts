import { expect, test } from '@playwright/test';
import { addToBag, CHECKOUT_SKU, fillAddress, fillCard } from './checkout-forms.ts';

/** A step pressed with fields missing or wrong says what, for every field at once, and takes focus to the first. */

test('every field shows its error at once when the shopper tries to continue, and focus goes to the first', async ({ page }) => {
  await addToBag(page, { productId: CHECKOUT_SKU });
  await page.goto('/checkout');
  // The step has opened (its heading takes focus first); then the invalid submit.
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeFocused();
  // The button is not greyed out or disabled while something is missing: pressing it says what.
  await expect(page.getByRole('button', { name: 'Continue to Shipping' })).toBeEnabled();
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await expect(page.getByText('Please check that your information is valid')).toBeVisible();
  for (const message of [
    'Email is required',
    'First name is required',
    'Last name is required',
    'Address is required',
    'City is required',
    'State is required',
    'ZIP code is required',
    'Mobile phone is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await page.getByLabel('ZIP Code').fill('11111');
  await page.getByLabel('Phone').fill('1111111111');
  await expect(page.getByText('Valid email is required')).toBeVisible();
  await expect(page.getByText('Enter a valid ZIP code')).toBeVisible();
  await expect(page.getByText('Enter a valid mobile phone number')).toBeVisible();
});

test('Review Order pressed with the card or the billing address incomplete shows every error at once, focus on the first', async ({ page }) => {
  await addToBag(page, { productId: CHECKOUT_SKU });
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Email' }).fill('pressed@example.com');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const review = page.getByRole('button', { name: 'Review Order' });
  await expect(review).toBeEnabled();
  await review.click();
  await expect(page.getByLabel('Name on Card')).toBeFocused();
  for (const message of ['Name on card is required', 'Card number is required', 'Expiration date is required', 'Security code is required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('Please check that your information is valid')).toBeVisible();

  await fillCard(page);
  await page.getByLabel('Same as shipping address').uncheck();
  await review.click();
  const billing = page.getByRole('group', { name: 'Billing Address' }).last();
  await expect(billing.getByLabel('First Name')).toBeFocused();
  await expect(billing.getByText('City is required')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
});
