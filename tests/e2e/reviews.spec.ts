import { expect, test } from '@playwright/test';
import { axeViolations } from './axe.ts';

/**
 * The reviews on the product page (product spec §2, §6): the teaser's links (desktop) lead to the reviews and the
 * questions; the embedded reviews show the catalog's rating above 3 of 5 and its count; none for a gift card.
 */
test('the reviews and questions sit under the product, where the teaser’s links lead', async ({ page, isMobile }, info) => {
  await page.goto('/p/everyday-crew-tee-fb-1001');
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews).toContainText('212 reviews of Everyday Crew Tee.');
  await expect(reviews.getByRole('img', { name: 'Rated 4.6 out of 5' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Questions & answers' })).toContainText('No questions about Everyday Crew Tee yet.');
  if (!isMobile) {
    await page.getByRole('link', { name: '212 reviews' }).click();
    await expect(page).toHaveURL(/#reviews$/);
    await expect(reviews.getByRole('heading', { name: 'Reviews' })).toBeInViewport();
    await page.getByRole('link', { name: 'Questions & answers' }).click();
    await expect(page).toHaveURL(/#questions$/);
  } else {
    // The teaser is a desktop part: a phone goes down to the reviews themselves.
    await expect(page.getByRole('link', { name: '212 reviews' })).toBeHidden();
  }
  expect(await axeViolations(page, { within: ['.reviews'] })).toEqual([]);
  await reviews.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/reviews-${info.project.name}.png` });
});

test('a gift card has no reviews', async ({ page }) => {
  await page.goto('/p/gift-card-gc-2');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reviews' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Questions & answers' })).toHaveCount(0);
});
