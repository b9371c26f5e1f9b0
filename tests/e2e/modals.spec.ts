import { expect, test, type Locator } from '@playwright/test';
import { ownClientAddress } from './client-address.ts';
import { hydrated } from './hydration.ts';

/** How big the product modals are on each screen, and which one is left open when one leads to another. */
test.beforeEach(async ({ context }) => ownClientAddress(context));

const box = async (l: Locator) => (await l.boundingBox())!;

test('Product Zoom fills the screen, shows the whole picture, and zoomed in shows it larger than the page', async ({ page }) => {
  await page.goto('/p/silky-tie-neck-blouse-ww-2001');
  await hydrated(page);
  const pageImage = await box(page.locator('.gallery .embla-slide img').first());
  await page.getByRole('button', { name: 'Enlarge image' }).click();
  const zoom = page.getByRole('dialog', { name: 'Product Zoom' });
  await expect(zoom).toBeVisible();
  const viewport = page.viewportSize()!;
  const z = await box(zoom);
  expect(Math.round(z.width)).toBe(viewport.width);
  expect(Math.round(z.height)).toBe(viewport.height);
  // At 1x the whole picture fits the window (on a short window that is smaller than the page's, cut by the fold);
  // zoomed in, it is larger than the page's.
  const picture = zoom.getByRole('img');
  expect((await box(picture)).y + (await box(picture)).height).toBeLessThanOrEqual(viewport.height);
  await zoom.getByRole('button', { name: 'Zoom in' }).click();
  await zoom.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await box(picture)).height).toBeGreaterThan(pageImage.height);
});

test('Quick Shop is extra large on a desktop and as wide as the screen on a phone', async ({ page, isMobile }) => {
  await page.goto('/c/tops');
  await page.waitForLoadState('networkidle');
  await page
    .getByRole('button', { name: /^Quick Shop / })
    .first()
    .click();
  const quick = page.getByRole('dialog', { name: 'Quick Shop' });
  await expect(quick.getByRole('button', { name: /Add to Bag|Select/ }).first()).toBeVisible();
  const width = (await box(quick)).width;
  if (isMobile) expect(Math.round(width)).toBe(page.viewportSize()!.width);
  else expect(width).toBeGreaterThan(1000);
});

test('adding from Quick Shop closes it under the added-to-bag modal, and focus goes back to the tile', async ({ page }) => {
  await page.goto('/c/tops');
  await page.waitForLoadState('networkidle');
  const opener = page.getByRole('button', { name: 'Quick Shop Everyday Crew Tee' });
  await opener.click();
  const quick = page.getByRole('dialog', { name: 'Quick Shop' });
  await quick.getByRole('button', { name: 'Black', exact: true }).click();
  await quick.getByRole('button', { name: 'M', exact: true }).click();
  await quick.getByRole('button', { name: 'Add to Bag' }).click();
  const added = page.getByRole('dialog', { name: 'Added to your bag' });
  await expect(added).toBeVisible();
  await expect(quick).toBeHidden();
  await added.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(added).toBeHidden();
  await expect(opener).toBeFocused();
});
