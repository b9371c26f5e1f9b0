import { expect, test } from '@playwright/test';
import { e2eDb } from '../helpers/e2e-db.ts';
import { hydrated } from './hydration.ts';

/**
 * A new visitor (no cookie yet) who adds to the bag from ten tabs at once ends with one bag holding all ten items:
 * the first add goes alone, and the others follow with the session cookie its reply brought.
 */
const PRODUCTS = [
  { path: '/p/everyday-crew-tee-fb-1001?color=blk&size=M', sku: 'fb-1001-blk-M', name: 'Everyday Crew Tee' },
  { path: '/p/waffle-henley-fb-1002?color=olv&size=M', sku: 'fb-1002-olv-M', name: 'Waffle Henley' },
  { path: '/p/button-front-cardigan-fb-1003?color=nvy&size=L', sku: 'fb-1003-nvy-L', name: 'Button-Front Cardigan' },
  { path: '/p/striped-boat-neck-top-fb-1004?color=nvy&size=L', sku: 'fb-1004-nvy-L', name: 'Striped Boat-Neck Top' },
  { path: '/p/tiered-maxi-dress-jl-4002?color=ivr&size=10', sku: 'jl-4002-ivr-10', name: 'Tiered Maxi Dress' },
  { path: '/p/fleece-quarter-zip-rm-3002?color=nvy&size=L', sku: 'rm-3002-nvy-L', name: 'Fleece Quarter-Zip' },
  { path: '/p/knit-sheath-dress-jl-4004?color=blk&size=10', sku: 'jl-4004-blk-10', name: 'Knit Sheath Dress' },
  { path: '/p/relaxed-blazer-ww-2003?color=nvy&size=L', sku: 'ww-2003-nvy-L', name: 'Relaxed Blazer' },
  { path: '/p/ribbed-shell-ww-2004?color=blk&size=L', sku: 'ww-2004-blk-L', name: 'Ribbed Shell' },
  { path: '/p/chambray-shirt-ca-7005?color=nvy&size=L', sku: 'ca-7005-nvy-L', name: 'Chambray Shirt' },
];

test('a new visitor adding from ten tabs at once finds all ten items in one bag', async ({ context }) => {
  test.setTimeout(120_000);
  // Stock is random in the seed: the variants bought here are stocked.
  const db = e2eDb();
  try {
    const skus = PRODUCTS.map((p) => p.sku);
    await db.kysely.updateTable('stock').set({ on_hand: 40 }).where('sku', 'in', skus).execute();
    await db.kysely.updateTable('variants').set({ back_ordered: 0 }).where('sku', 'in', skus).execute();
  } finally {
    await db.kysely.destroy();
  }
  const tabs = [];
  for (const product of PRODUCTS) {
    const tab = await context.newPage();
    await tab.goto(product.path);
    await hydrated(tab);
    await expect(tab.getByRole('button', { name: 'Add to Bag' })).toBeEnabled();
    tabs.push(tab);
  }
  // No session yet: the visitor has only the recently-viewed list the product pages keep.
  expect((await context.cookies()).map((c) => c.name)).not.toContain('sid');

  // Every add waits at the network until all ten buttons are pressed, so none is answered before the last is sent.
  let pressed!: () => void;
  const allPressed = new Promise<void>((resolve) => (pressed = resolve));
  await context.route('**/api/checkout/product/add_to_cart', async (route) => {
    await allPressed;
    await route.continue();
  });
  await Promise.all(tabs.map((tab) => tab.getByRole('button', { name: 'Add to Bag' }).click()));
  pressed();
  for (const tab of tabs) await expect(tab.getByRole('dialog', { name: 'Added to your bag' })).toBeVisible({ timeout: 20_000 });

  const bag = tabs[0]!;
  await bag.goto('/cart');
  await hydrated(bag);
  const lines = bag.getByRole('list', { name: 'Items in your bag' }).getByRole('listitem');
  for (const product of PRODUCTS) await expect(lines.filter({ has: bag.getByRole('link', { name: product.name }) })).toHaveCount(1);
  await expect(lines).toHaveCount(PRODUCTS.length);
});
