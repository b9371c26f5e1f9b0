import { expect, test, type Locator, type Page } from '@playwright/test';
import { ownClientAddress } from './client-address.ts';

/**
 * Where the header's parts sit on screen: the promo bar's controls on one line, popovers under the button that
 * opened them, the mini bag's totals and links in the window, and a phone header that leaves room for the page.
 */
test.beforeEach(async ({ context }) => ownClientAddress(context));

const box = async (l: Locator) => (await l.boundingBox())!;
const addViaApi = async (page: Page, productId: string) => {
  const res = await page.request.post('/api/checkout/product/add_to_cart', { data: { quantity: 1, productId } });
  expect(res.status(), productId).toBe(200);
};
/** The popover's top edge touches its button's bottom edge (within 16 px), and the two overlap across. */
async function expectUnder(popover: Locator, button: Locator) {
  const b = await box(button);
  const p = await box(popover);
  expect(p.y).toBeGreaterThanOrEqual(b.y + b.height - 1);
  expect(p.y).toBeLessThan(b.y + b.height + 16);
  expect(p.x).toBeLessThan(b.x + b.width);
  expect(p.x + p.width).toBeGreaterThan(b.x);
}

test('the promo bar dots stay on one line and play/pause is a drawn icon', async ({ page }) => {
  await page.goto('/home');
  const bar = page.getByRole('region', { name: 'Promotions' });
  const dots = bar.locator('.promo-dot');
  const count = await dots.count();
  expect(count).toBeGreaterThan(1);
  const tops = new Set<number>();
  for (let i = 0; i < count; i++) tops.add(Math.round((await box(dots.nth(i))).y));
  expect([...tops]).toHaveLength(1);
  const toggle = bar.getByRole('button', { name: 'Pause promotions' });
  await expect(toggle).toHaveText('');
  await expect(toggle.locator('svg')).toBeVisible();
  await toggle.click();
  await expect(bar.getByRole('button', { name: 'Play promotions' }).locator('svg')).toBeVisible();
});

test('the country popover opens under its button; Ship internationally opens the country switcher', async ({ page }) => {
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  const button = page.getByRole('button', { name: /Shipping to United States/ });
  await button.click();
  const popover = page.getByRole('dialog', { name: 'Shipping country' });
  await expect(popover).toBeVisible();
  await expectUnder(popover, button);
  await popover.getByRole('button', { name: 'Ship internationally' }).click();
  await expect(page).toHaveURL(/openCountrySwitcher=true/);
  const switcher = page.getByRole('dialog', { name: 'Choose your shipping country' });
  await expect(switcher).toBeVisible();
  await expect(switcher.getByRole('button', { name: 'Ship internationally' })).toHaveCount(0);
  await expect(switcher.getByLabel('Country')).toBeVisible();
});

test('the Style Boxes popover opens under its button', async ({ page, isMobile }) => {
  test.skip(isMobile, 'Style Boxes is a desktop header link: the phone menu does not offer it');
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  const button = page.getByRole('button', { name: 'Style Boxes' });
  await button.click();
  const popover = page.getByRole('dialog', { name: /./ }).filter({ has: page.getByRole('link', { name: 'Get started' }) });
  await expect(popover).toBeVisible();
  await expectUnder(popover, button);
});

test('with four lines the mini bag keeps its subtotal, View bag and Checkout on screen', async ({ page }) => {
  for (const id of ['ww-2001-ivr-M', 'fb-1001-blk-M', 'ww-2001-blk-M', 'fb-1001-nvy-M']) await addViaApi(page, id);
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Bag preview' }).click();
  const flyout = page.getByRole('dialog', { name: 'Your bag' });
  await expect(flyout.getByRole('listitem')).toHaveCount(4);
  await expect(flyout.getByTestId('minibag-subtotal')).toBeInViewport({ ratio: 1 });
  await expect(flyout.getByRole('link', { name: 'View bag' })).toBeInViewport({ ratio: 1 });
  await expect(flyout.getByRole('link', { name: 'Checkout now' })).toBeInViewport({ ratio: 1 });
});

test('the phone header leaves room for content', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'a limit for the phone header: a desktop window has room for the full header and mega menu');
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  const header = await box(page.locator('[data-site-header]'));
  expect(header.y + header.height).toBeLessThanOrEqual(200);
});

test('the skip link, focused first, shows on top of the header where no promo bar sits above it (the bag)', async ({ page }) => {
  await page.goto('/cart');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  // What the shopper sees at the link's centre is the link itself, not the brand tabs drawn over it.
  const onTop = await skip.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  });
  expect(onTop).toBe(true);
});
