import { expect, test, type Locator, type Page } from '@playwright/test';
import { CommerceRefusal, PROBLEM } from '#src/lib/commerce-api/call.ts';
import { errorPage } from '#src/web/http/error-page.ts';
import { ownClientAddress } from './client-address.ts';
import { hydrated } from './hydration.ts';

/** On a phone, controls are big enough for a thumb (44 px) and far enough apart not to be pressed by mistake. */
test.beforeEach(async ({ context }) => ownClientAddress(context));

const box = async (l: Locator) => (await l.boundingBox())!;
const addViaApi = async (page: Page, productId: string) => {
  const res = await page.request.post('/api/checkout/product/add_to_cart', { data: { quantity: 1, productId } });
  expect(res.status(), productId).toBe(200);
};

test("the bag's quantity control and the gift card terms are thumb-sized", async ({ page, isMobile }) => {
  test.skip(!isMobile, 'touch targets are sized for a phone; a desktop is used with a pointer');
  await addViaApi(page, 'ww-2001-ivr-M');
  await page.goto('/cart');
  await hydrated(page);
  const quantity = page.getByRole('list', { name: 'Items in your bag' }).getByLabel('Quantity');
  const q = await box(quantity);
  expect(q.height).toBeGreaterThanOrEqual(44);
  expect(q.width).toBeGreaterThanOrEqual(44);

  await page.goto('/p/gift-card-gc-2');
  await hydrated(page);
  const terms = page.getByRole('button', { name: 'Gift card terms' });
  const t = await box(terms);
  expect(t.height).toBeGreaterThanOrEqual(44);
  const add = await box(page.getByRole('button', { name: 'Add to Bag' }));
  // Not touching: at least 8 px between the two.
  const gap = add.y > t.y ? add.y - (t.y + t.height) : t.y - (add.y + add.height);
  expect(gap).toBeGreaterThanOrEqual(8);
});

test('the page that says the store could not load a page has links a thumb can press', async ({ page }) => {
  const away = new CommerceRefusal({ status: 503, code: PROBLEM.unavailable, message: 'Please try again.', detail: 'the engine is away' });
  await page.setContent(await errorPage(away).text());
  for (const name of ['Try again', 'Go to the home page']) {
    const link = await box(page.getByRole('link', { name }));
    expect(link.height, name).toBeGreaterThanOrEqual(44);
  }
});
