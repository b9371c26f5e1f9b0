import { expect, type Locator, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { randomUUID } from 'node:crypto';
import { hydrated } from './hydration.ts';
import { SHIP_TO } from '../helpers/place-order-http.ts';

/**
 * PayPal from the bag: the button sends the shopper to PayPal's approval page (the embedded sandbox), and approving
 * brings them back to the order's confirmation; cancelling brings them back to the bag; a declined funding source
 * shows its message and the bag still pays by card.
 */
async function bagReadyToShip(page: Page) {
  const ok = async (r: import('@playwright/test').APIResponse) => expect(r.ok(), await r.text()).toBe(true);
  await ok(await page.request.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1002-olv-M', quantity: 1 } }));
  await ok(await page.request.post('/api/checkout/email', { data: { email: `xp-${randomUUID().slice(0, 8)}@example.com` } }));
  await ok(await page.request.post('/api/checkout/shipping_address/create/', { data: { address: SHIP_TO } }));
  await ok(await page.request.post('/api/checkout/shipping_method/', { data: { shippingMethodId: 'Regular', confirm: true } }));
  await page.goto('/cart');
  await hydrated(page);
}

test('PayPal approved from the bag, by keyboard, ends on the order confirmation', async ({ page }) => {
  await bagReadyToShip(page);
  const paypal = page.getByRole('button', { name: 'PayPal', exact: true });
  await paypal.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'PayPal sandbox' })).toBeVisible();
  expect(await axeViolations(page, { everyImpact: true })).toEqual([]);
  await page.getByRole('button', { name: 'Approve and pay' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order-confirmation/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
});

test('cancelling on PayPal’s page returns to the bag', async ({ page }) => {
  await bagReadyToShip(page);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel and return to the store' }).click();
  await expect(page).toHaveURL(/\/cart\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your bag' })).toBeVisible();
});

test('a declined funding source shows its message, and the bag is still there to pay by card', async ({ page }) => {
  await bagReadyToShip(page);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await page.getByRole('button', { name: 'Pay with a declined card' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your PayPal payment method was declined. Please choose another way to pay in PayPal.');
  // Reported as a site error, tagged express checkout (checkout spec §8).
  await expect
    .poll(() => page.evaluate(() => (window as { dataLayer?: { event: string; flow?: string }[] }).dataLayer ?? []))
    .toContainEqual(expect.objectContaining({ event: 'siteError', flow: 'express checkout' }));
  await page.getByRole('link', { name: 'Back to your bag' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('link', { name: /checkout/i }).first()).toBeVisible();
});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not on the page`);
  return found;
}

test('on the bag, the express checkout and its sign-in sit under the order summary, as wide as it', async ({ page }) => {
  await bagReadyToShip(page);
  const summary = await box(page.getByRole('complementary', { name: 'Order summary' }));
  for (const name of ['Express checkout sign in', 'Express checkout']) {
    const region = await box(page.getByRole('region', { name, exact: true }));
    expect(Math.abs(region.x - summary.x), name).toBeLessThanOrEqual(1);
    expect(Math.abs(region.width - summary.width), name).toBeLessThanOrEqual(1);
    expect(region.y, name).toBeGreaterThanOrEqual(summary.y + summary.height);
  }
});
