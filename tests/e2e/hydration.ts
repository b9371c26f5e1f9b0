import { expect, type Page } from '@playwright/test';

/**
 * Islands that hydrate at the shopper's first touch of the page (`client:painted="touch"` or `"touch:color,size"`),
 * unless the page's address names a choice they show.
 */
const UNTOUCHED = `[client="painted"][opts*='"value":"touch']`;

/**
 * Waits until the islands in the page's main content that wake by themselves have hydrated (Astro drops the `ssr`
 * attribute when one has), and the page's scripts held back until its largest paint (the product page's) have run:
 * the page as it is before the shopper touches it. Islands that hydrate when scrolled into view (client:visible) or
 * at the first touch are not waited for.
 */
export async function hydratedUntouched(page: Page): Promise<void> {
  await expect(page.locator(`main astro-island[ssr]:not([client="visible"]):not(${UNTOUCHED})`)).toHaveCount(0);
  await expect(page.locator('html[data-page-scripts="held"]')).toHaveCount(0);
}

/**
 * Waits until the islands in the page's main content have hydrated, and the page's scripts held back until its
 * largest paint have run. Islands that hydrate when scrolled into view (client:visible) are not waited for; those
 * that wait for the shopper's first touch are given one (the pointer moved into the page's corner, as a shopper's
 * hand would).
 */
export async function hydrated(page: Page): Promise<void> {
  await hydratedUntouched(page);
  if ((await page.locator(`astro-island[ssr]${UNTOUCHED}`).count()) > 0) {
    // Two moves: a pointer already at the first point would not move.
    await page.mouse.move(2, 2);
    await page.mouse.move(1, 1);
  }
  await expect(page.locator('main astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
}
