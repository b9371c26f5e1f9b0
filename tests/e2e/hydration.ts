import { expect, type Page } from '@playwright/test';

/**
 * Waits until the islands in the page's main content have hydrated (Astro drops the `ssr` attribute when one
 * has). Header islands that hydrate late by design (client:visible on closed flyouts) are not waited for.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('main astro-island[ssr]')).toHaveCount(0);
}
