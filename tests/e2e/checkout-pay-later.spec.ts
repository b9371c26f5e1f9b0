import { expect, test, type Page } from '@playwright/test';
import { CHECKOUT_SKU } from './checkout-forms.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';

/**
 * The pay-later financing message at the payment step (checkout spec §9): the provider's message for a bag whose
 * total is above $49.99, nothing for one below. The embedded sandbox provider answers, offline.
 */

/** A guest bag of `quantity` of one product, with e-mail, address and method given: ready for payment. Its total. */
async function bagReadyForPayment(page: Page, quantity: number): Promise<number> {
  const post = async (path: string, data: unknown) => {
    const r = await page.request.post(path, { data });
    expect(r.ok(), `${path}: ${await r.text()}`).toBe(true);
    return (await r.json()).body;
  };
  await post('/api/checkout/product/add_to_cart', { productId: CHECKOUT_SKU, quantity });
  await post('/api/checkout/email', { email: 'ada@example.com' });
  await post('/api/checkout/shipping_address/create/', { address: TEST_ADDRESS });
  const { checkout } = await post('/api/checkout/shipping_method/', { shippingMethodId: 'Regular', confirm: true });
  return checkout.basket.orderTotal;
}

const message = (page: Page) => page.getByRole('note', { name: 'Message from Affirm' });

test("a bag above $50 shows the provider's message 'Pay with Affirm on orders over $50' at the payment step", async ({ page }) => {
  expect(await bagReadyForPayment(page, 2)).toBeGreaterThan(4999);
  await page.goto('/checkout?step=payment');
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await expect(message(page)).toContainText('Pay with Affirm on orders over $50');
  await expect(message(page)).toContainText('Affirm');
});

test('a bag below $50 shows no pay-later message at the payment step', async ({ page }) => {
  expect(await bagReadyForPayment(page, 1)).toBeLessThanOrEqual(4999);
  await page.goto('/checkout?step=payment');
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await expect(page.getByLabel('Card Number')).toBeVisible();
  await expect(page.getByText('Pay with Affirm on orders over $50')).toHaveCount(0);
});

test('the payment step loads no script from the pay-later provider or any other site', async ({ page }) => {
  const scriptHosts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scriptHosts.push(new URL(r.url()).hostname);
  });
  await bagReadyForPayment(page, 2);
  await page.goto('/checkout?step=payment');
  await expect(message(page)).toBeVisible();
  expect(scriptHosts.filter((host) => host !== '127.0.0.1')).toEqual([]);
});
