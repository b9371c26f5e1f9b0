import { expect, test } from '@playwright/test';
import { hydrated } from './hydration.ts';

/**
 * Analytics and logging in the browser (product spec §7, header spec §7, §8): the product page's page-load call
 * merged into the data layer and its server-set cookies; a search failure logged to the server, silently.
 */
test('a product page found by search sends its page-load call, merges the reply and has its cookies set', async ({ page, context }) => {
  const pageLoad = page.waitForRequest((r) => r.url().endsWith('/api/global/analytics/pageload/'));
  await page.goto('/p/everyday-crew-tee-fb-1001?search_term=dress');
  await hydrated(page);
  expect((await pageLoad).postDataJSON()).toEqual({ page_type: 'product', product_id: 'fb-1001' });
  await expect
    .poll(() => page.evaluate(() => ((window as { dataLayer?: { event: string }[] }).dataLayer ?? []).filter((e) => e.event === 'pageload')))
    .toEqual([expect.objectContaining({ page_type: 'product', product_id: 'fb-1001', usid: expect.any(String) })]);
  await expect
    .poll(async () => Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value])))
    .toMatchObject({ productFindingMethod: 'search', defaultColor: expect.any(String), merchType: expect.any(String) });
});

test('a failed search is logged to the server silently: no site error for the shopper', async ({ page }) => {
  await page.route('**/api/global/auto_suggest', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error","message":"down"}' }),
  );
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  const logged = page.waitForRequest((r) => r.url().endsWith('/api/global/logging'));
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.click();
  await box.pressSequentially('jea', { delay: 50 });
  expect((await logged).postDataJSON()).toEqual({ message: '[search] suggestions failed (500): down', isNotAnErrorLog: false });
  expect(await page.evaluate(() => ((window as { dataLayer?: { event: string }[] }).dataLayer ?? []).filter((e) => e.event === 'siteError'))).toEqual(
    [],
  );
});
