import { expect, type Page } from '@playwright/test';

/**
 * Waits until the islands in the page's main content have hydrated (Astro drops the `ssr` attribute when one
 * has), and the page's scripts held back until its largest paint (the product page's) have run. Islands that
 * hydrate when scrolled into view (client:visible) are not waited for.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('main astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
  await expect(page.locator('html[data-page-scripts="held"]')).toHaveCount(0);
}
