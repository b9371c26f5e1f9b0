import { expect, test, type Page } from '@playwright/test';
import { RECENT_SEARCHES_COOKIE, SEARCH_DEBOUNCE_MS } from '#src/lib/header/constants.ts';
import { serializeRecentSearches } from '#src/lib/header/recent-searches.ts';
import { hydrated } from './hydration.ts';

/**
 * The page opened with its scripts run, the search box's among them (PageScripts.astro): the page's deferred modules
 * run before DOMContentLoaded, which is all `goto` waits for here (not the page's images); a page that holds them
 * until its largest paint says `data-page-scripts="held"` until they have (Base.astro).
 */
async function openSearch(page: Page, path = '/home') {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('html[data-page-scripts="held"]')).toHaveCount(0);
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.click();
  return box;
}

test('suggestions: fast and full request after the debounce; typeahead, quick links, products', async ({ page }) => {
  const requests: { query: string; fullPayload: boolean }[] = [];
  page.on('request', (r) => r.url().endsWith('/api/global/auto_suggest') && requests.push(r.postDataJSON()));
  // The page's own clock, held still once the page is ready, so the pause between two keys is the test's to say.
  await page.clock.install();
  const box = await openSearch(page);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await box.pressSequentially('je');
  await page.clock.runFor(SEARCH_DEBOUNCE_MS - 1);
  await box.pressSequentially('a');
  await page.clock.runFor(SEARCH_DEBOUNCE_MS);
  const panel = page.locator('#search-panel');
  await expect(panel.getByRole('link', { name: 'Jeans' }).first()).toBeVisible();
  // Only the last term was asked for (typing again within the debounce starts it again), fast and full.
  expect(requests.map((r) => r.query)).toEqual(['jea', 'jea']);
  expect(requests.map((r) => r.fullPayload).sort()).toEqual([false, true]);

  await expect(panel.getByRole('link', { name: 'jeans', exact: true })).toHaveAttribute(
    'href',
    '/search?q=jeans&search_term=jea&search_term_suggested=jeans',
  );
  await expect(panel.getByRole('link', { name: 'Jeans', exact: true })).toHaveAttribute(
    'href',
    '/search?cgid=jeans&search_term=jea&search_suggested_quick_link=Jeans',
  );
  const product = panel.getByRole('link', { name: /Bootcut Jean/ });
  await expect(product).toHaveAttribute('href', '/p/bootcut-jean-ca-7002?search_term=jea');
  await expect(product.locator('img')).toHaveAttribute('src', /\/media\//);

  await panel.getByRole('link', { name: 'Jeans', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?cgid=jeans&search_term=jea&search_suggested_quick_link=Jeans/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jeans' })).toBeVisible();
  await expect(page.getByRole('link', { name: /High-Rise Straight Jean/ })).toBeVisible();
});

test('a typeahead pick goes to the suggested term, keeping what was typed in its route', async ({ page }) => {
  const box = await openSearch(page);
  await box.fill('cardigen');
  const panel = page.locator('#search-panel');
  await panel.getByRole('link', { name: 'cardigan', exact: true }).click();
  await expect(page).toHaveURL('/search?q=cardigan&search_term=cardigen&search_term_suggested=cardigan');
  await expect(page.getByRole('link', { name: /Button-Front Cardigan/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue('cardigan');
});

test('a search submitted goes to its route and leads the recent searches, five shown newest first; Clear; a recent one picked', async ({ page }) => {
  let box = await openSearch(page);
  // Five searches made before, as the search box keeps them (newest first).
  const host = new URL(page.url()).hostname;
  const before = serializeRecentSearches(['jeans', 'tee', 'boots', 'dress', 'cardigan']);
  await page.context().addCookies([{ name: RECENT_SEARCHES_COOKIE, value: before, domain: host, path: '/' }]);
  await box.fill('blazer');
  await box.press('Enter');
  await expect(page).toHaveURL('/search?q=blazer&search-button=&lang=default');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “blazer”');
  await expect(page.getByRole('link', { name: /Relaxed Blazer/ })).toBeVisible();

  box = await openSearch(page);
  await box.fill('');
  const recent = page.getByRole('region', { name: 'Recent searches' });
  await expect(recent.getByRole('link')).toHaveText(['blazer', 'jeans', 'tee', 'boots', 'dress']);
  await box.fill('x');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(box).toHaveValue('');
  await recent.getByRole('link', { name: 'boots' }).click();
  await expect(page).toHaveURL('/search?q=boots&search_method=recent+searches');
});

test('Cancel and Escape close the panel', async ({ page }) => {
  let box = await openSearch(page);
  await box.fill('tee');
  await box.press('Enter');
  await expect(page).toHaveURL('/search?q=tee&search-button=&lang=default');
  // A recent search to show: the panel opens at the box's first touch.
  box = await openSearch(page);
  await expect(page.locator('#search-panel')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('#search-panel')).toBeHidden();
  await box.click();
  await page.keyboard.press('Escape');
  await expect(page.locator('#search-panel')).toBeHidden();
});

test('an item number goes to quick order, where the item can be added to the bag', async ({ page }) => {
  const box = await openSearch(page);
  await box.fill('fb-1001');
  await box.press('Enter');
  // The purchase area may add the chosen colour to the query after the search's own parameters.
  await expect(page).toHaveURL(/\/quick-order\?q=fb-1001&search-button=&lang=default(&|$)/);
  await expect(page.getByRole('heading', { level: 2, name: 'Everyday Crew Tee' })).toBeVisible();
  await expect(page.locator('astro-island[component-url*="PurchaseArea"]:not([ssr])')).toHaveCount(1);
  await page.getByRole('button', { name: 'Black', exact: true }).click();
  await page.getByRole('button', { name: 'M', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Bag' }).click();
  await expect(page.getByRole('link', { name: 'Bag, 1 item' })).toBeAttached();

  // The bare number printed in the catalog finds the item too.
  const again = await openSearch(page);
  await again.fill('2003');
  await again.press('Enter');
  await expect(page).toHaveURL(/\/quick-order\?q=2003&search-button=&lang=default(&|$)/);
  await expect(page.getByRole('heading', { level: 2, name: 'Relaxed Blazer' })).toBeVisible();

  await page.goto('/quick-order?q=zz-9999');
  await expect(page.getByRole('alert')).toContainText('We could not find item number zz-9999');
  await page.goto('/quick-order?q=99999');
  await expect(page.getByRole('alert')).toContainText('We could not find item number 99999');
});

test('/quick-order shows the price once', async ({ page }) => {
  await page.goto('/quick-order?q=fb-1001');
  await hydrated(page);
  const item = page.getByRole('region', { name: 'Item fb-1001' });
  await expect(item.locator('.price')).toHaveCount(1);
});

test('the search box opens no empty panel on first focus, and shows one clear button while typing', async ({ page }) => {
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  const search = page.getByRole('combobox', { name: 'Search' });
  await search.click();
  // Nothing to show yet (no recent searches, nothing typed): no panel.
  await expect(page.locator('#search-panel')).toBeHidden();
  await search.pressSequentially('jea');
  await expect(page.locator('#search-panel').getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear search' })).toBeVisible();
  // A type=search field draws the browser's own clear (×) beside ours: the field is a plain text field.
  await expect(search).toHaveAttribute('type', 'text');
  await expect(search).toHaveAttribute('enterkeyhint', 'search');
});

test('a product page prefills the box from q', async ({ page }) => {
  await page.goto('/p/everyday-crew-tee-fb-1001?q=crew');
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue('crew');
});

test('category page: tiles, sort and Prev/Next pagination', async ({ page }) => {
  await page.goto('/search?sort=price-asc');
  await expect(page.getByTestId('result-count')).toHaveText('46 items'); // the seeded catalog, free-gift accessories included
  const prices = async () =>
    (await page.locator('.tile-price').allInnerTexts()).map((t) =>
      Number(
        t
          .replace(/[^0-9.–].*$/s, '')
          .replace(/[$,]/g, '')
          .split('–')[0],
      ),
    );
  const first = await prices();
  expect(first).toHaveLength(24);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.locator('.tile')).toHaveCount(22);
  await page.getByRole('link', { name: 'Prev' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  // A category page is rendered on demand and kept in the page cache (it carries the cache's ETag); re-sorting asks /search.
  const landing = await page.goto('/c/jeans');
  expect(landing!.headers()['etag']).toBeTruthy();
  await expect(page.getByTestId('result-count')).toHaveText('3 items');
  await page.getByLabel('Sort by').selectOption('name');
  await expect(page).toHaveURL(/\/search\?cgid=jeans&sort=name$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jeans');
  await expect(page.locator('.tile-name')).toHaveText(['Bootcut Jean', 'Cropped Flare Jean', 'High-Rise Straight Jean']);
  await expect(page.locator('.tile-price').first()).toContainText('$');
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Jeans' }).click();
  await expect(page).toHaveURL(/\/c\/jeans$/);
});
