import { expect, test } from '@playwright/test';
import { hydrated } from './hydration.ts';

/** The product page's islands wake over the HTML that was built for them, without errors and without visible changes. */

test('every island of a product page hydrates over its built HTML, also after a colour is chosen first', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/p/everyday-crew-tee-fb-1001');
  await hydrated(page);
  // Choosing a colour scrolls the perks note's details button (an island that wakes when seen) into view.
  await page.getByRole('button', { name: 'Black', exact: true }).first().click();
  await page.getByRole('button', { name: 'Perks Details' }).scrollIntoViewIfNeeded();
  await page.keyboard.press('End');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Perks Details' }).click();
  await expect(page.getByRole('dialog', { name: 'Perks Details' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a product page hydrates without errors and rewrites its URL at most once, whatever the query and cookies', async ({
  page,
  context,
  baseURL,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await context.addCookies([{ name: 'recentlyViewed', value: 'fb-1002|ww-2001', url: baseURL! }]);
  await page.addInitScript(() => {
    const original = history.replaceState.bind(history);
    (window as unknown as { __rewrites: string[] }).__rewrites = [];
    history.replaceState = (data, unused, url) => {
      (window as unknown as { __rewrites: string[] }).__rewrites.push(String(url));
      original(data, unused, url);
    };
  });
  await page.goto('/p/silky-tie-neck-blouse-ww-2001?color=blk&size=M&search_term=blouse');
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Black', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.waitForLoadState('networkidle');
  const rewrites = await page.evaluate(() => (window as unknown as { __rewrites: string[] }).__rewrites);
  // Every rewrite keeps the shopper's colour and size; none drops them on the way.
  for (const url of rewrites) expect(url).toMatch(/color=blk.*size=M|size=M.*color=blk/);
  expect(rewrites.length).toBeLessThanOrEqual(1);
  expect(errors.filter((e) => /hydrat|#418|#425|Minified React error/i.test(e))).toEqual([]);
});

// The purchase area wakes after the photograph has painted (client:painted): until then the shopper sees the built
// HTML, which must already show the colour the page chooses without a URL and that colour's price, so nothing
// changes under their eyes when it wakes (it showed 'Color: Select' and the product's price range).
test('before the purchase area wakes, it shows the colour it will choose and that colour’s price', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/p/wrap-midi-dress-jl-4001');
  const colour = page.getByRole('group', { name: /^Color: / });
  await expect(colour).toHaveAccessibleName(/Color: Coral/);
  const built = await page.locator('p.price').first().textContent();
  await context.close();

  const live = await browser.newPage({ baseURL });
  await live.goto('/p/wrap-midi-dress-jl-4001');
  await hydrated(live);
  await expect(live.getByRole('group', { name: /^Color: / })).toHaveAccessibleName(/Color: Coral/);
  expect(await live.locator('p.price').first().textContent()).toBe(built);
  expect(built).not.toContain('–');
  await live.close();
});
