import { expect, test } from '@playwright/test';
import { publishContent } from '../helpers/content-fixtures.ts';
import { placeGuestOrder } from '../helpers/place-order-http.ts';
import { axeViolations } from './axe.ts';
import { ownClientAddress } from './client-address.ts';
import { hydrated } from './hydration.ts';

/**
 * Content assets the editors publish, where the store shows them through the spec's contentAsset call: the details
 * of a promo slide that names one (`contentAssetId`), and the order confirmation's own assets
 * (`order-confirmation-note`, `order-confirmation-help`). The promo bar and the assets go back to what they were.
 */
test.describe.configure({ mode: 'serial' });
test.beforeEach(({ context, isMobile }) => {
  // The store's own documents change: one device at a time (the promo bar's details are the header's on a phone too).
  test.skip(isMobile, 'the documents are changed from the desktop run');
  return ownClientAddress(context);
});

const RUN = Date.now().toString(36);
const ASSETS = {
  assets: [
    {
      id: 'free-returns',
      title: `Free returns ${RUN}`,
      body: 'Return anything within 60 days, free.',
      link: { label: 'Start a return', url: '/orders' },
    },
    { id: 'order-confirmation-note', title: `While you wait ${RUN}`, body: 'Your order ships within two working days.' },
    {
      id: 'order-confirmation-help',
      title: 'Questions?',
      body: 'Stylists answer 7 am to 11 pm Eastern.',
      link: { label: 'Track my order', url: '/orders' },
    },
  ],
};
let before: { assets: unknown; promo: unknown } | undefined;

test.beforeAll(async () => {
  if (test.info().project.name !== 'desktop') return;
  const assets = await publishContent('content-assets', () => ASSETS);
  const promo = await publishContent('promo-bar', (live) => {
    const bar = live as { slides: Record<string, unknown>[] };
    bar.slides[0] = { ...bar.slides[0], contentAssetId: 'free-returns' };
    return bar;
  });
  before = { assets, promo };
});

test.afterAll(async () => {
  if (!before) return;
  const { assets, promo } = before;
  await publishContent('promo-bar', () => promo);
  await publishContent('content-assets', () => assets);
});

test('a promo slide’s details show the content asset it names, as published', async ({ page }) => {
  const dialog = page.getByRole('dialog', { name: 'Free Standard Delivery on $75 or more' });
  await expect(async () => {
    await page.goto('/home');
    await hydrated(page);
    await page.getByRole('region', { name: 'Promotions' }).getByRole('button', { name: 'Details' }).first().click();
    await expect(dialog.getByRole('heading', { name: `Free returns ${RUN}` })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(dialog).toContainText('Standard Delivery is free');
  await expect(dialog).toContainText('Return anything within 60 days, free.');
  await expect(dialog.getByRole('link', { name: 'Start a return' })).toHaveAttribute('href', '/orders');
  expect(await axeViolations(page)).toEqual([]);
});

test('the order confirmation shows its published assets in order, under the order’s heading', async ({ page }) => {
  await placeGuestOrder(page.request, { email: `assets-${RUN}@example.com`, items: [{ productId: 'fb-1001-blk-M', quantity: 1 }] });
  await page.goto('/order-confirmation');
  await hydrated(page);
  const assets = page.getByRole('region', { name: 'From Seven Brands' });
  await expect(assets.getByRole('heading')).toHaveText([`While you wait ${RUN}`, 'Questions?']);
  await expect(assets).toContainText('Your order ships within two working days.');
  await expect(assets.getByRole('link', { name: 'Track my order' })).toHaveAttribute('href', '/orders');
  expect(await axeViolations(page)).toEqual([]);
});
