import { expect, test } from '@playwright/test';
import { IMAGE_CACHE_ENTRIES } from '#src/lib/constants.ts';
import { hydrated } from './hydration.ts';

/**
 * Photographs at the size they are drawn (docs/decisions.md, "Product images (issue 12 item 4)"): the seeded dresses
 * are JPEG photographs, so their tiles, gallery and zoom carry a srcset of image-service URLs; the gallery preloads
 * what the shopper may see next and holds at most the spec's 30 images (checkout spec §9 "Image cache").
 */
const DRESS = '/p/wrap-midi-dress-jl-4001';

test('a dress tile on its category page offers its photograph at several widths', async ({ page }) => {
  await page.goto('/c/dresses');
  const tile = page.getByRole('link', { name: /Wrap Midi Dress/ }).getByRole('img');
  await expect(tile).toHaveAttribute('srcset', /\/img\/dress-e8705f-1\.jpg\?sw=200&v=\w+ 200w, .* 600w$/);
  await expect(tile).toHaveAttribute('sizes', /50vw/);
  // The browser took one of them.
  await tile.scrollIntoViewIfNeeded();
  await expect
    .poll(() => tile.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc))
    .toMatch(/\/img\/dress-e8705f-1\.jpg\?sw=\d+/);
  // Its Quick Shop shows the photograph the same way.
  await page.getByRole('button', { name: 'Quick Shop Wrap Midi Dress' }).click();
  const quickShop = page.getByRole('dialog', { name: 'Quick Shop' }).getByRole('img', { name: /Wrap Midi Dress in Coral/ });
  await expect(quickShop).toHaveAttribute('srcset', /\/img\/dress-e8705f-1\.jpg\?sw=200&v=\w+ 200w/);
});

test('the gallery and the zoom show the photograph through srcset; the gallery preloads at most 30 images', async ({ page }) => {
  const formats = new Set<string>();
  page.on('response', (r) => {
    if (r.url().includes('/img/')) formats.add(r.headers()['content-type'] ?? '');
  });
  await page.goto(DRESS);
  await hydrated(page);
  const gallery = page.getByRole('region', { name: 'Wrap Midi Dress images' });
  const first = gallery.getByRole('img', { name: /Wrap Midi Dress in Coral, view 1/ });
  await expect(first).toHaveAttribute('srcset', /\/img\/dress-e8705f-1\.jpg\?sw=400&v=\w+ 400w, .* 1200w$/);
  await expect(first).toHaveAttribute('sizes', /100vw/);
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc)).toMatch(/\/img\//);
  expect([...formats]).toContain('image/avif');

  // Preloading starts once the gallery is awake, and stays within the spec's cap whatever colours are looked at.
  await expect(gallery).toHaveAttribute('data-preloaded', /^\d+$/);
  for (const colour of ['Navy', 'Sunflower', 'Coral', 'Navy']) {
    await page.getByRole('button', { name: colour, exact: true }).first().hover();
    const held = Number(await gallery.getAttribute('data-preloaded'));
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(IMAGE_CACHE_ENTRIES);
  }

  await page.getByRole('button', { name: 'Enlarge image' }).click();
  const zoom = page.getByRole('dialog', { name: 'Product Zoom' }).getByRole('img');
  await expect(zoom).toHaveAttribute('srcset', /\/img\/dress-\w+-1\.jpg\?sw=800&v=\w+ 800w, .* 1200w$/);
  await expect(zoom).toHaveAttribute('sizes', '100vw');
});

test('a dress in the bag and in the checkout summary shows a small copy of its photograph, not the 1200 px master', async ({ page }) => {
  const added = await page.request.post('/api/checkout/product/add_to_cart', { data: { productId: 'jl-4001-cor-4', quantity: 1 } });
  expect(added.status()).toBe(200);
  await page.goto('/cart');
  await hydrated(page);
  const line = page.getByRole('main').locator('img[src*="dress-e8705f-1"]').first();
  await expect(line).toHaveAttribute('src', /^\/img\/dress-e8705f-1\.jpg\?size=thumb/);
  await expect(line).toHaveAttribute('srcset', /\/img\/dress-e8705f-1\.jpg\?sw=100&v=\w+ 100w, .* 200w$/);
  await expect.poll(() => line.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.naturalWidth <= 200)).toBe(true);
  await page.goto('/checkout');
  await hydrated(page);
  const summary = page.locator('img[src*="dress-e8705f-1"]').first();
  await expect(summary).toHaveAttribute('srcset', /\/img\/dress-e8705f-1\.jpg\?sw=100&v=\w+ 100w/);
});
