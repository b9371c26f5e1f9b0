import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './hydration.ts';
import { e2eDb } from '../helpers/e2e-db.ts';

/**
 * The product page's selection and what lines say, as a shopper sees them on desktop and phone. Stock is random
 * in the seed: each test stocks the variants it buys.
 */

async function stock(skus: string[]): Promise<void> {
  const db = e2eDb();
  try {
    await db.kysely.updateTable('stock').set({ on_hand: 40 }).where('sku', 'in', skus).execute();
    await db.kysely.updateTable('variants').set({ back_ordered: 0 }).where('sku', 'in', skus).execute();
  } finally {
    await db.kysely.destroy();
  }
}

const addViaApi = async (page: Page, productId: string) => {
  const res = await page.request.post('/api/checkout/product/add_to_cart', { data: { quantity: 1, productId } });
  expect(res.status(), productId).toBe(200);
};

test('the quick shop image follows the colour chosen in it, not the page’s', async ({ page }) => {
  await page.goto('/p/everyday-crew-tee-fb-1001?color=blk');
  await hydrated(page);
  await page.evaluate(() =>
    window.dispatchEvent(
      new CustomEvent('quickShopEvent', {
        detail: { productId: 'ww-2001', productLink: '/p/silky-tie-neck-blouse-ww-2001', templateProps: {}, modalProps: {} },
      }),
    ),
  );
  const quick = page.getByRole('dialog', { name: 'Quick Shop' });
  const image = quick.locator('.quick-shop > img');
  await expect(quick.getByRole('heading', { name: 'Silky Tie-Neck Blouse' })).toBeVisible();
  const first = (await quick
    .getByRole('group', { name: /^Color:/ })
    .locator('legend strong')
    .textContent())!;
  await expect(image).toHaveAttribute('alt', `Silky Tie-Neck Blouse in ${first}, view 1`);
  await quick.getByRole('button', { name: /^Coral/ }).click();
  await expect(image).toHaveAttribute('alt', 'Silky Tie-Neck Blouse in Coral, view 1');
  await quick.getByRole('button', { name: /^Ivory/ }).click();
  await expect(image).toHaveAttribute('alt', 'Silky Tie-Neck Blouse in Ivory, view 1');
});

test('a shoe’s width is on every line, so 8 W and 8 M are two different lines', async ({ page }) => {
  await stock(['ks-6001-blk-8-W', 'ks-6001-blk-8-M']);
  await page.goto('/p/classic-leather-loafer-ks-6001?color=blk&size=8&shoeWidth=W');
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to Bag' }).click();
  const added = page.getByRole('dialog', { name: 'Added to your bag' });
  await expect(added).toContainText('Black · 8 W · Qty 1');
  await addViaApi(page, 'ks-6001-blk-8-M');
  await page.goto('/cart');
  await hydrated(page);
  const lines = page.getByRole('list', { name: 'Items in your bag' });
  await expect(lines.getByRole('listitem', { name: 'Classic Leather Loafer, Black, 8 W' })).toContainText('Black · 8 W');
  await expect(lines.getByRole('listitem', { name: 'Classic Leather Loafer, Black, 8 M' })).toContainText('Black · 8 M');
  await page.getByRole('button', { name: 'Bag preview' }).click();
  const mini = page.getByRole('dialog', { name: 'Your bag' });
  await expect(mini.getByRole('listitem', { name: 'Classic Leather Loafer, Black, 8 W' })).toBeVisible();
  await expect(mini.getByRole('listitem', { name: 'Classic Leather Loafer, Black, 8 M' })).toBeVisible();
});

test('the final-sale colour’s price and message name it; its line in the bag warns', async ({ page }) => {
  await stock(['fb-1003-sun-M']);
  await page.goto('/p/button-front-cardigan-fb-1003');
  await hydrated(page);
  const callout = page.locator('.group-callout', { hasText: 'Final Sale' });
  await expect(callout).toHaveText('Final Sale: no returns or exchanges (Sunflower): $23.99');
  await expect(callout).not.toHaveClass(/current/); // Ivory, the first colour, is not final sale
  const sunflower = page.getByRole('button', { name: 'Sunflower', exact: true });
  await expect(sunflower).toHaveAccessibleDescription('Final Sale: no returns or exchanges (Sunflower): $23.99');
  await sunflower.click();
  await expect(page.getByRole('group', { name: /^Color:/ }).locator('legend')).toHaveText('Color: Sunflower · Final Sale: no returns or exchanges');
  await expect(callout).toHaveClass(/group-callout-current/);
  // The price is the colour's before any size is chosen.
  await expect(page.locator('.purchase .price-final')).toHaveText('$23.99');
  await expect(page.locator('.purchase .price').getByLabel('Was $49.99')).toBeVisible();
  await page.getByRole('button', { name: 'M', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Bag' }).click();
  await page.getByRole('dialog', { name: 'Added to your bag' }).getByRole('link', { name: 'View Bag' }).click();
  await hydrated(page);
  const line = page.getByRole('listitem', { name: 'Button-Front Cardigan, Sunflower, M' });
  await expect(line).toContainText('Final Sale: no returns or exchanges');
});

test('a clearance colour shows its price as soon as it is chosen', async ({ page }) => {
  await page.goto('/p/everyday-crew-tee-fb-1001?color=blk');
  await hydrated(page);
  const final = page.locator('.purchase .price-final');
  const black = (await final.textContent())!;
  await page.getByRole('button', { name: 'Coral', exact: true }).click();
  await expect(final).not.toHaveText(black);
  await expect(final).not.toContainText('–');
});

test('trouser sizes follow the chosen fit; a Petite size picked first needs no fit', async ({ page }) => {
  await stock(['fb-1005-nvy-Petite-6P']);
  await page.goto('/p/pull-on-ponte-trouser-fb-1005?color=nvy');
  await hydrated(page);
  const sizes = page.getByRole('group', { name: /^Size:/ }).getByRole('button');
  await expect(page.getByRole('group', { name: /^Fit:/ }).locator('legend')).toHaveText('Fit: Misses');
  await expect(sizes).toHaveText(['4', '6', '8', '10', '12', '14']);
  await page.getByRole('button', { name: 'Petite', exact: true }).click();
  await expect(sizes).toHaveText(['4P', '6P', '8P', '10P', '12P']);
  await page.goto('/p/pull-on-ponte-trouser-fb-1005?color=nvy&size=6P');
  await hydrated(page);
  await expect(page.getByRole('group', { name: /^Fit:/ }).locator('legend')).toHaveText('Fit: Petite');
  await expect(page.getByRole('button', { name: 'Add to Bag' })).toBeEnabled();
  await expect(page.getByText('Please select Fit.')).toHaveCount(0);
});

test('a product sold out in every colour says so, looks so, and offers the waitlist', async ({ page }) => {
  await page.goto('/p/quilted-vest-fb-1006');
  await hydrated(page);
  await expect(page.getByTestId('sold-out')).toHaveText('This item is sold out.');
  await expect(page.getByText('Choose your size to join the waitlist.')).toBeVisible();
  await expect(page.getByRole('group', { name: /^Color:/ }).locator('legend')).toHaveText('Color: Olive');
  await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  const medium = page.getByRole('button', { name: 'M (out of stock)' });
  await expect(medium).toHaveCSS('text-decoration-line', 'line-through');
  await medium.click();
  await expect(page.getByRole('button', { name: 'Join Waitlist' })).toBeVisible();
  await expect(page.getByText(/select another color/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
});
