import { expect, type Locator, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { randomUUID } from 'node:crypto';
import { hydrated } from './hydration.ts';
import { addToBag, CHECKOUT_SKU } from './checkout-forms.ts';
import { ownClientAddress } from './client-address.ts';
import { bestStockedSku } from '../helpers/e2e-db.ts';
import { PAYPAL_HOME, SHIP_TO } from '../helpers/place-order-http.ts';

/**
 * PayPal from the bag: the button sends the shopper to PayPal's approval page (the embedded sandbox), and approving
 * brings them back to the order's confirmation, with the sandbox payer's e-mail and the address chosen there, for a
 * shopper who typed nothing. An address that changes the total (its tax) brings them to the store's review first,
 * where Place order places the total shown; an address the bag cannot ship to brings them to the checkout with PayPal
 * kept; cancelling brings them back to the bag; a declined funding source shows its message and offers PayPal again.
 */
const PAYER_EMAIL = 'sandbox.buyer@example.com';

async function bagReadyToShip(page: Page) {
  const ok = async (r: import('@playwright/test').APIResponse) => expect(r.ok(), await r.text()).toBe(true);
  await ok(await page.request.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1002-olv-M', quantity: 1 } }));
  await ok(await page.request.post('/api/checkout/email', { data: { email: `xp-${randomUUID().slice(0, 8)}@example.com` } }));
  // The address PayPal gives: the total approved there is the one placed.
  await ok(await page.request.post('/api/checkout/shipping_address/create/', { data: { address: PAYPAL_HOME } }));
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

/** Bag → PayPal → the sandbox's address `shipTo` → Approve. */
async function approveFromBag(page: Page, shipTo: RegExp = /^Home:/) {
  await page.goto('/cart');
  await hydrated(page);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page.getByText(`Paying as Sandy Buyer (${PAYER_EMAIL})`)).toBeVisible();
  await page.getByRole('group', { name: 'Ship to' }).getByRole('radio', { name: shipTo }).check();
  await page.getByRole('button', { name: 'Approve and pay' }).click();
}

async function confirmedToPayPalsBuyer(page: Page) {
  await expect(page).toHaveURL(/\/order-confirmation/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByText(PAYER_EMAIL).first()).toBeVisible();
  await expect(page.getByText('1200 Congress Ave')).toBeVisible();
  await expect(page.getByText(/Austin, TX 78701/)).toBeVisible();
}

/** The value of a summary row (a term and its definition) in `summary`. */
async function rowValue(summary: Locator, term: string): Promise<string> {
  const terms = await summary.getByRole('term').allTextContents();
  const at = terms.indexOf(term);
  expect(at, `${term} in ${terms.join(', ')}`).toBeGreaterThanOrEqual(0);
  return (await summary.getByRole('definition').nth(at).textContent()) ?? '';
}

/** The review after PayPal: the tax for PayPal's address and the total with it; returns the total shown. */
async function reviewShowsTheTax(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'Review your order' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Please review your order total, with tax for the address you chose at PayPal' }),
  ).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  const tax = await rowValue(summary, 'Estimated tax');
  expect(tax).toMatch(/^\$\d+\.\d{2}$/);
  expect(tax).not.toBe('$0.00');
  const total = await rowValue(summary, 'Order total');
  await expect(page.getByText('1200 Congress Ave, Apt 4B')).toBeVisible();
  await expect(page.getByText(PAYER_EMAIL)).toBeVisible();
  await expect(page.getByText('PayPal', { exact: true })).toBeVisible();
  return total;
}

async function confirmedWithTotal(page: Page, total: string) {
  await confirmedToPayPalsBuyer(page);
  const details = page.getByRole('complementary', { name: 'Order details' });
  expect(await rowValue(details, 'Order total')).toBe(total);
}

test('a brand-new guest who typed nothing pays with PayPal from the bag: the review shows the tax, Place order confirms that total', async ({
  page,
}) => {
  await ownClientAddress(page.context());
  await addToBag(page, { productId: CHECKOUT_SKU });
  await approveFromBag(page);
  const total = await reviewShowsTheTax(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  await confirmedWithTotal(page, total);
});

test('the review after PayPal, by keyboard: Place order reached with Tab and pressed with Enter; nothing serious for axe', async ({ page }, info) => {
  await ownClientAddress(page.context());
  await addToBag(page, { productId: CHECKOUT_SKU });
  await approveFromBag(page);
  const total = await reviewShowsTheTax(page);
  expect(await axeViolations(page, { everyImpact: true })).toEqual([]);
  await page.screenshot({ path: info.outputPath(`paypal-review-${info.project.name}.png`), fullPage: true });
  const place = page.getByRole('button', { name: 'Place order' });
  for (let i = 0; i < 80 && !(await place.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(place).toBeFocused();
  await page.keyboard.press('Enter');
  await confirmedWithTotal(page, total);
});

test('PayPal’s address with no sales tax leaves the approved total: the order is confirmed at once', async ({ page }) => {
  await ownClientAddress(page.context());
  await addToBag(page, { productId: CHECKOUT_SKU });
  await approveFromBag(page, /^Studio:/);
  await expect(page).toHaveURL(/\/order-confirmation/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByText(/Portland, OR 97205/)).toBeVisible();
});

test('a signed-in shopper with a saved address pays with PayPal from the bag, to the address chosen at PayPal', async ({ page }) => {
  await ownClientAddress(page.context());
  const email = `pp-saved-${randomUUID().slice(0, 8)}@example.com`;
  const reg = await page.request.post('/api/global/register', { data: { firstName: 'Sam', lastName: 'Saved', email, password: 'abcd1234' } });
  expect(reg.ok(), await reg.text()).toBe(true);
  const saved = await page.request.post('/api/checkout/customerdata/', { data: { shippingAddressToAdd: [SHIP_TO] } });
  expect(saved.ok(), await saved.text()).toBe(true);
  await addToBag(page, { productId: CHECKOUT_SKU });
  await approveFromBag(page);
  const total = await reviewShowsTheTax(page);
  await page.getByRole('button', { name: 'Place order' }).click();
  await confirmedWithTotal(page, total);
});

/** A bag with an item that cannot go to a P.O. box, approved at PayPal shipping to the sandbox buyer's P.O. box. */
async function poBoxApproved(page: Page) {
  await ownClientAddress(page.context());
  await addToBag(page, { productId: await bestStockedSku('ks-6006') });
  await approveFromBag(page, /^P\.O\. box:/);
  await expect(page).toHaveURL(/\/checkout\?step=information/);
  await hydrated(page);
  return page.getByRole('combobox', { name: 'Address' });
}

test('a P.O. box at PayPal for an item that cannot go to one lands in the checkout, the problem named at the address', async ({ page }) => {
  const address = await poBoxApproved(page);
  await expect(page.getByRole('status').filter({ hasText: 'PayPal stays your payment' })).toBeVisible();
  await expect(address).toHaveValue('PO Box 4521');
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toHaveAccessibleDescription(/cannot be shipped to a P\.O\. Box/);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(PAYER_EMAIL);
  expect(await axeViolations(page, { everyImpact: true })).toEqual([]);
});

test('once the address PayPal gave is corrected, the kept PayPal payment places the order', async ({ page }) => {
  const address = await poBoxApproved(page);
  await address.fill('1200 Congress Ave');
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'ZIP Code' }).fill('78701');
  await expect(address).toHaveAttribute('aria-invalid', 'false');
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: 'Place order with PayPal' }).click();
  await confirmedToPayPalsBuyer(page);
});

test('cancelling on PayPal’s page returns to the bag', async ({ page }) => {
  await bagReadyToShip(page);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel and return to the store' }).click();
  await expect(page).toHaveURL(/\/cart\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your bag' })).toBeVisible();
});

test('a declined funding source shows its message and offers PayPal again, or the bag to pay by card', async ({ page }) => {
  await bagReadyToShip(page);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await page.getByRole('button', { name: 'Pay with a declined card' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your PayPal payment method was declined. Please choose another way to pay in PayPal.');
  // Reported as a site error, tagged express checkout (checkout spec §8).
  await expect
    .poll(() => page.evaluate(() => (window as { dataLayer?: { event: string; flow?: string }[] }).dataLayer ?? []))
    .toContainEqual(expect.objectContaining({ event: 'siteError', flow: 'express checkout' }));
  await expect(page.getByRole('link', { name: 'Back to your bag' })).toHaveAttribute('href', '/cart');
  await hydrated(page);
  expect(await axeViolations(page, { everyImpact: true })).toEqual([]);
  // PayPal again, by keyboard: its page, where the shopper pays another way.
  await page.getByRole('region', { name: 'Express checkout' }).getByRole('button', { name: 'PayPal', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'PayPal sandbox' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve and pay' }).click();
  await confirmedToPayPalsBuyer(page);
});

test('after a declined funding source, the way back to the bag still pays by card', async ({ page }) => {
  await bagReadyToShip(page);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await page.getByRole('button', { name: 'Pay with a declined card' }).click();
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
