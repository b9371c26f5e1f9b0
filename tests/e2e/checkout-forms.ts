import { expect, type Page } from '@playwright/test';

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
