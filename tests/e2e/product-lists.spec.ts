import { expect, test } from '@playwright/test';
import { hydrated } from './hydration.ts';

/**
 * The waitlist and the wishlist toggle as mounted in the product page's purchase area (these journeys
 * check the whole path, from the product page to the list).
 */
let n = 0;
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.89.${n++ & 255}.${Math.floor(Math.random() * 250)}` });
});

test('a sold-out product: an empty e-mail says so and sends nothing; joining moves focus to the success message', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/api/pdp/joinWaitlist') && sent.push(r.postData() ?? ''));
  await page.goto('/p/quilted-vest-fb-1006');
  await hydrated(page);
  // A waitlisted product lets the shopper pick a sold-out colour and size; the waitlist form is for that size.
  await page.getByRole('button', { name: 'Olive (out of stock)' }).click();
  await page.getByRole('button', { name: 'M (out of stock)' }).click();
  const form = page.getByRole('form', { name: /sold out/ });
  await form.getByRole('button', { name: 'Join Waitlist' }).click();
  // The empty submit is not silent (and still sends nothing).
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Email is required');
  await expect(form.getByLabel('Email')).toBeFocused();
  expect(sent).toEqual([]);
  await form.getByLabel('Email').fill(`wait.${Date.now()}.${n++}@example.com`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: "You're on the list." })).toBeFocused();
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0]!)).toMatchObject({ skuId: 'fb-1006-olv-M' });
});

test('signed in: the wishlist toggle appears once a size is chosen, and adds then removes', async ({ page }) => {
  await page.request.post('/api/global/register', {
    data: { firstName: 'Toggle', lastName: 'T', email: `toggle.${Date.now()}.${n++}@example.com`, password: 'abcd1234' },
  });
  await page.goto('/p/everyday-crew-tee-fb-1001');
  await hydrated(page);
  await expect(page.getByRole('button', { name: /Add to Wishlist/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Black', exact: true }).click();
  await page.getByRole('button', { name: 'M', exact: true }).click();
  await page.getByRole('button', { name: /Add to Wishlist/ }).click();
  await expect(page.getByRole('button', { name: /Saved to Wishlist/ })).toHaveAttribute('aria-pressed', 'true');
  const list = (await (await page.request.post('/api/global/wishlist/getWishlist', { data: {} })).json()).body;
  expect(list.c_items).toEqual(['fb-1001-blk-M']);
  await page.getByRole('button', { name: /Saved to Wishlist/ }).click();
  await expect(page.getByRole('button', { name: /Add to Wishlist/ })).toHaveAttribute('aria-pressed', 'false');
});
