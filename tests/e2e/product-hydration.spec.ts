import { expect, type Page, test } from '@playwright/test';
import { hydrated, hydratedUntouched } from './hydration.ts';

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

/** Holds React's chunk until `deliver` is called, as a slow network would; `asked` lists each request for it. */
async function holdReact(page: Page): Promise<{ asked: string[]; deliver: () => void }> {
  const asked: string[] = [];
  let deliver: () => void = () => {};
  const delivered = new Promise<void>((resolve) => (deliver = resolve));
  await page.route(/\/_astro\/react\.[\w-]+\.js$/, async (route) => {
    asked.push(route.request().url());
    await delivered;
    await route.continue();
  });
  return { asked, deliver };
}

// A product page loads React at the shopper's first touch (client:painted="touch"): what they tap and choose before
// it has arrived is held and given to the purchase area once it is ready, not lost.
test('a colour, a size and a quantity chosen before the purchase area is ready are what it shows and adds to the bag', async ({ page }) => {
  const { asked: reactAsked, deliver } = await holdReact(page);
  await page.goto('/p/everyday-crew-tee-fb-1001');
  await hydratedUntouched(page);
  // A page only looked at loads no React.
  expect(reactAsked).toEqual([]);
  const purchase = page.locator('astro-island[component-export="PurchaseArea"]');
  await expect(purchase).toHaveAttribute('ssr', '');

  await page.getByRole('button', { name: 'Navy', exact: true }).click();
  await page.getByRole('button', { name: 'M', exact: true }).click();
  await page.getByRole('button', { name: 'M', exact: true }).click();
  await page.getByLabel('Quantity').selectOption('2');
  // The first touch asked for React; the island is still the page's HTML until it comes.
  await expect.poll(() => reactAsked.length).toBe(1);
  await expect(purchase).toHaveAttribute('ssr', '');

  deliver();
  await expect(purchase).not.toHaveAttribute('ssr');
  await expect(page.getByRole('group', { name: /^Color: / })).toHaveAccessibleName('Color: Navy');
  await expect(page.getByRole('group', { name: /^Size: / })).toHaveAccessibleName('Size: M');
  await expect(page.getByLabel('Quantity')).toHaveValue('2');
  await page.getByRole('button', { name: 'Add to Bag' }).click();
  await expect(page.getByRole('dialog', { name: 'Added to your bag' })).toBeVisible();
  const bag = await (await page.request.get('/api/checkout/basket')).json();
  const lines = bag.body.basket.productItems.map((l: { productId: string; quantity: number }) => [l.productId, l.quantity]);
  expect(lines).toEqual([['fb-1001-nvy-M', 2]]);
});

for (const { query, color, size } of [
  { query: '?color=nvy&size=M', color: 'Navy', size: 'M' },
  { query: '?color=nvy', color: 'Navy', size: null },
  { query: '?size=M', color: null, size: 'M' },
]) {
  test(`a product page whose address chooses ${query} wakes with the page and shows the choice, untouched`, async ({ page }) => {
    await page.goto(`/p/everyday-crew-tee-fb-1001${query}`);
    await hydratedUntouched(page);
    // Nothing touched the page: the address alone woke the gallery and the purchase area.
    await expect(page.locator('main astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
    if (color) await expect(page.getByRole('group', { name: /^Color: / })).toHaveAccessibleName(`Color: ${color}`);
    if (size) await expect(page.getByRole('group', { name: /^Size: / })).toHaveAccessibleName(`Size: ${size}`);
    if (color && size) await expect(page.getByRole('button', { name: 'Add to Bag' })).toBeEnabled();
  });
}

test('by keyboard: a size pressed with the space bar before the purchase area is ready is the size it shows', async ({ page }) => {
  const { deliver } = await holdReact(page);
  await page.goto('/p/everyday-crew-tee-fb-1001');
  await hydratedUntouched(page);
  const purchase = page.locator('astro-island[component-export="PurchaseArea"]');
  await page.getByRole('button', { name: 'XL', exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(purchase).toHaveAttribute('ssr', '');
  deliver();
  await expect(purchase).not.toHaveAttribute('ssr');
  await expect(page.getByRole('group', { name: /^Size: / })).toHaveAccessibleName('Size: XL');
  await expect(page.getByRole('button', { name: 'XL', exact: true })).toBeFocused();
});

test('on a phone, a swipe of the gallery made before it is ready moves it one photograph once it is', async ({ page, isMobile, context }) => {
  test.skip(!isMobile, 'a swipe is a phone’s');
  const { deliver } = await holdReact(page);
  await page.goto('/p/silky-tie-neck-blouse-ww-2001');
  await hydratedUntouched(page);
  const gallery = page.locator('astro-island[component-export="Gallery"]');
  const photo = (await gallery.locator('img').first().boundingBox())!;
  const y = photo.y + photo.height / 2;
  // A finger drawn from right to left across the photograph, as the browser reports it.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: photo.x + photo.width * 0.8, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: photo.x + photo.width * 0.5, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: photo.x + photo.width * 0.2, y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(gallery).toHaveAttribute('ssr', '');
  deliver();
  await expect(gallery).not.toHaveAttribute('ssr');
  const dots = page.getByRole('tablist', { name: 'Choose image' });
  await expect(dots.getByRole('tab', { name: 'Image 2' })).toHaveAttribute('aria-selected', 'true');
});
