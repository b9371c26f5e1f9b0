import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';

/** Filling the checkout as a shopper does, for the checkout journeys' tests. */

/** A product that is in stock in the seeded catalog. */
export const CHECKOUT_SKU = 'fb-1002-olv-M';

export async function addToBag(page: Page, data: Record<string, unknown>): Promise<void> {
  const r = await page.request.post('/api/checkout/product/add_to_cart', { data: { quantity: 1, ...data } });
  expect(r.ok(), await r.text()).toBe(true);
}

/** An address every field rule accepts; `prefix` names the group it is in (Billing Address) when there are two. */
export async function fillAddress(page: Page, prefix = '') {
  const scope = prefix ? page.getByRole('group', { name: prefix }) : page;
  await scope.getByLabel('First Name').fill('Ada');
  await scope.getByLabel('Last Name').fill('Lovelace');
  await scope.getByLabel('Address', { exact: true }).fill('12 Main St');
  await page.keyboard.press('Escape');
  await scope.getByLabel('City').fill('Springfield');
  await scope.getByLabel('State').selectOption('IL');
  await scope.getByLabel('ZIP Code').fill('62701');
  await scope.getByLabel('Phone').fill('2175550134');
}

export async function fillCard(page: Page, number = '4242424242424242') {
  await page.getByLabel('Name on Card').fill('Ada Lovelace');
  await page.getByLabel('Card Number').fill(number);
  await page.getByLabel('Expiration Date MM/YY').fill('1234');
  await page.getByLabel('Security Code').fill('123');
}

/**
 * A bag of one `sku` at its payment step: e-mail (a guest's own), address and method given through the checkout's
 * own endpoints, then the checkout opened. Its total in cents.
 */
export async function bagAtPayment(
  page: Page,
  { guest, sku = CHECKOUT_SKU, lastName = TEST_ADDRESS.lastName }: { guest: boolean; sku?: string; lastName?: string },
): Promise<number> {
  const call = async (path: string, data: unknown) => {
    const r = await page.request.post(path, { data });
    expect(r.ok(), `${path}: ${await r.text()}`).toBe(true);
    return (await r.json()).body;
  };
  await call('/api/checkout/product/add_to_cart', { productId: sku, quantity: 1 });
  if (guest) await call('/api/checkout/email/', { email: `pay.${randomUUID().slice(0, 8)}@example.com` });
  await call('/api/checkout/shipping_address/create/', { address: { ...TEST_ADDRESS, lastName } });
  const { checkout } = await call('/api/checkout/shipping_method', { shippingMethodId: 'Regular', confirm: true });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  return checkout.basket.orderTotal;
}

/** Applies a gift card in the code field (the bag's or the payment step's) and waits for the store to say so. */
export async function applyGiftCard(page: Page, card: { number: string; pin: string }) {
  await page.getByLabel('Enter a promo code, gift card or reward certificate').fill(card.number);
  await page.getByLabel('PIN', { exact: true }).fill(card.pin);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Code applied successfully' })).toBeVisible();
}
