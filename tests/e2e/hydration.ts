import { expect, type Page } from '@playwright/test';

/** Waits until every island on the page has hydrated (Astro drops the `ssr` attribute when it has). */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}
