import { expect, test } from '@playwright/test';
import { addToBag, CHECKOUT_SKU, fillAddress, fillCard } from './checkout-forms.ts';
import { hydrated } from './hydration.ts';
import { ownClientAddress } from './client-address.ts';

// Each browser a client address of its own: the store limits the accounts, sign-ins and codes one address may try.
test.beforeEach(({ context }) => ownClientAddress(context));

/** A shopper with an account: saved addresses and cards offered and chosen, and signing in half-way keeps what was typed. */

test('a signed-in shopper checks out with a saved address and a saved card', async ({ page }) => {
  const email = `saved-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const reg = await page.request.post('/api/global/register', { data: { firstName: 'Sam', lastName: 'Saved', email, password: 'abcd1234' } });
  expect(reg.ok()).toBe(true);
  // First order: the address and the card are saved to the profile on the way.
  await addToBag(page, { productId: CHECKOUT_SKU });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Shipping Address' })).toBeVisible();
  await expect(page).toHaveURL(/step=updateShippingAddress/);
  // The account's name starts the new address.
  await expect(page.getByLabel('First Name')).toHaveValue('Sam');
  await expect(page.getByLabel('Last Name')).toHaveValue('Saved');
  // Pressed with the rest missing, Save and Continue says what is missing and goes to the first of it.
  await expect(page.getByRole('button', { name: 'Save and Continue' })).toBeEnabled();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByRole('combobox', { name: 'Address' })).toBeFocused();
  await expect(page.getByText('Address is required')).toBeVisible();
  await expect(page.getByText('Please check that your information is valid')).toBeVisible();
  await fillAddress(page);
  await expect(page.getByLabel('Save this address to my profile')).toBeChecked();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL(/step=updateShippingMethod/);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillCard(page);
  await page.getByLabel(/Save this card/).check();
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByRole('term').filter({ hasText: 'Billing Address' })).toBeVisible();
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);

  // Second order: the saved address and the saved card are offered and chosen by default.
  await addToBag(page, { productId: CHECKOUT_SKU });
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Ada Lovelace/ })).toBeChecked();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
  await expect(page.getByLabel('Card Number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeVisible();
  // The new-card page (createCreditCard): a new card's form alone, the saved cards not offered; review is still there.
  await page.goto('/checkout?step=createCreditCard');
  await expect(page.getByRole('heading', { name: 'New Card' })).toBeVisible();
  await expect(page.getByLabel('Card Number')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Visa ending in 4242/ })).toHaveCount(0);
  await page.goto('/checkout?step=review');
  // Change Billing Address from review: the billing form alone, then back to review with the new address.
  await page.getByRole('button', { name: 'Change Billing Address' }).click();
  await expect(page.getByRole('heading', { name: 'Billing Address' })).toBeFocused();
  await expect(page.getByLabel('Card Number')).toHaveCount(0);
  await page.getByLabel('Same as shipping address').uncheck();
  await fillAddress(page, 'Billing Address');
  await page.getByRole('group', { name: 'Billing Address' }).last().getByLabel('City').fill('Albany');
  await page.getByRole('group', { name: 'Billing Address' }).last().getByLabel('State').selectOption('NY');
  await page.getByRole('group', { name: 'Billing Address' }).last().getByLabel('ZIP Code').fill('12207');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeFocused();
  await expect(page.getByText('Albany, NY 12207')).toBeVisible();
  // Place Order with the saved card's security code empty, then all zeros: the reason, on the field.
  const placeOrder = page.getByRole('button', { name: /Place Order/ });
  const code = page.getByLabel(/Security code for Visa ending in 4242/);
  await expect(placeOrder).toBeEnabled();
  await placeOrder.click();
  await expect(code).toBeFocused();
  await expect(page.getByText('Security code is required')).toBeVisible();
  await expect(page.getByText('Please check that your information is valid')).toBeVisible();
  await code.fill('000');
  await page.getByRole('heading', { name: 'Review and Place Order' }).focus();
  await placeOrder.click();
  await expect(code).toBeFocused();
  await expect(page.getByText('Please enter a valid security code')).toBeVisible();
  await code.fill('123');
  await placeOrder.click();
  await expect(page).toHaveURL(/\/order-confirmation/);
});

test('signing in half-way: the account is recognised, and what was typed is still there after signing in', async ({ page, playwright, baseURL }) => {
  const email = `halfway-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  // The account exists already (made from another client, so this browser stays a guest).
  const other = await playwright.request.newContext({ baseURL });
  expect((await other.post('/api/global/register', { data: { firstName: 'Hal', lastName: 'Way', email, password: 'abcd1234' } })).ok()).toBe(true);
  await other.dispose();

  await addToBag(page, { productId: CHECKOUT_SKU });
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await fillAddress(page);
  await expect(page.getByText('It looks like you already have an account.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/register/);
  await hydrated(page);
  const signIn = page.getByRole('region', { name: 'Sign In' });
  // The e-mail just typed in the checkout is already there; the URL does not carry it.
  await expect(signIn.getByLabel('Email')).toHaveValue(email);
  expect(page.url()).not.toContain(encodeURIComponent(email));
  await signIn.getByLabel('Password', { exact: true }).fill('abcd1234');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByRole('heading', { name: 'Shipping Address' })).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await expect(page.getByLabel('City')).toHaveValue('Springfield');
  await expect(page.getByLabel('Phone')).toHaveValue('(217) 555-0134');
});
