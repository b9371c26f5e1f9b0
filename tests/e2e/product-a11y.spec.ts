import { expect, test } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { hydrated } from './hydration.ts';

/** No serious or critical accessibility violations on the product page, its modals and quick shop. */
test('product page (trousers with hemming) has no serious or critical violations', async ({ page }) => {
  await page.goto('/p/high-rise-straight-jean-ca-7001');
  await hydrated(page);
  await page.getByRole('button', { name: 'Petite', exact: true }).click();
  await page.getByRole('button', { name: '6P', exact: true }).click();
  // The scan reads the page from its top: scrolled to the size buttons, the sticky header covers part of the
  // gallery, and axe would count its enlarge button as obscured wherever the click happened to leave it.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(await axeViolations(page, { within: ['main'] })).toEqual([]);
});

test('gift card page and the size guide modal have no serious or critical violations', async ({ page }) => {
  await page.goto('/p/e-gift-card-egc-3');
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to Bag' }).click(); // shows the field errors
  expect(await axeViolations(page, { within: ['main'] })).toEqual([]);
  await page.goto('/p/everyday-crew-tee-fb-1001');
  await hydrated(page);
  await page.getByRole('button', { name: 'Size Guide' }).click();
  await expect(page.getByRole('dialog', { name: 'Size Guide' })).toBeVisible();
  expect(await axeViolations(page, { within: ['dialog[open]'] })).toEqual([]);
});
