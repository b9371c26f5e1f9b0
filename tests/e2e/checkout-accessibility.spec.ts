import { expect, test } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { addToBag, CHECKOUT_SKU, fillAddress, fillCard } from './checkout-forms.ts';
import { hydrated } from './hydration.ts';

/**
 * The checkout for a keyboard and a screen reader: the frame painted before the checkout is read can be neither
 * used nor heard, the whole guest checkout goes by keyboard alone, and axe finds nothing serious on any step.
 */

test("the first step's frame comes with the page's HTML, inert and hidden from assistive technology, until the checkout is read", async ({
  page,
}) => {
  await addToBag(page, { productId: CHECKOUT_SKU });
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/checkout/state', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/checkout');
  await hydrated(page);
  // Painted from the HTML, before any read: the step's frame is on screen, but nothing in it can be used or heard.
  await expect(page.getByText('Email me about new arrivals and offers')).toBeVisible();
  // Said on screen too (not only to assistive technology), in the window wherever the shopper has scrolled.
  const loading = page.getByRole('status').filter({ hasText: 'Loading your checkout…' });
  await expect(loading).toBeInViewport();
  expect((await loading.boundingBox())?.width).toBeGreaterThan(100);
  await expect(page.getByRole('heading', { name: 'Login Details' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
  // Tab from the top of the page to the footer: nothing in the frame takes focus on the way (two presses stopped
  // at the skip link and the logo, before the frame, and passed whatever the frame held).
  const focusedInFrame: string[] = [];
  for (let i = 0; i < 30 && !(await page.evaluate(() => !!document.activeElement?.closest('footer'))); i++) {
    await page.keyboard.press('Tab');
    const inFrame = await page.evaluate(() => (document.activeElement?.closest('.checkout-layout') ? document.activeElement.outerHTML : null));
    if (inFrame) focusedInFrame.push(inFrame);
  }
  expect(focusedInFrame).toEqual([]);
  await expect(page.getByRole('link', { name: /^1-800/ })).toBeFocused();
  release();
  // The real step replaces it: its heading takes focus and its fields take typing.
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeFocused();
  await page.getByLabel('Email', { exact: true }).fill('frame@example.com');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('frame@example.com');
  await expect(page.getByRole('status').filter({ hasText: 'Loading your checkout' })).toHaveCount(0);
});

test('the whole guest checkout by keyboard alone', async ({ page }) => {
  await addToBag(page, { productId: CHECKOUT_SKU });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeFocused();
  const type = async (label: string, text: string) => {
    // Tab until the field is focused (never clicking), then type.
    for (let i = 0; i < 30 && !(await page.getByLabel(label, { exact: true }).evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await page.keyboard.type(text);
  };
  await type('Email', 'keys@example.com');
  await type('First Name', 'Kay');
  await type('Last Name', 'Board');
  await type('Address', '9 Elm St');
  await page.keyboard.press('Escape');
  await type('City', 'Springfield');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Illinois');
  await type('ZIP Code', '62701');
  await type('Phone', '2175550134');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Shipping Method' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeFocused();
  await type('Name on Card', 'Kay Board');
  await type('Card Number', '4242424242424242');
  await type('Expiration Date MM/YY', '1234');
  await type('Security Code', '123');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeFocused();
  for (let i = 0; i < 30 && !(await page.getByRole('button', { name: /Place Order/ }).evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order-confirmation/);
});

test('axe finds no serious or critical violation on any step', async ({ page }) => {
  test.slow(); // five axe runs
  await addToBag(page, { productId: CHECKOUT_SKU });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click({ force: true });
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('textbox', { name: 'Email' }).fill('axe@example.com');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Method' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await fillCard(page);
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
