import { expect, test } from '@playwright/test';
import { hydrated } from './hydration.ts';

test('home → product → colour and size → add to bag → bag totals → change quantity → remove', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Seven brands, one bag' })).toBeVisible();
  await page
    .getByRole('link', { name: /Everyday Crew Tee/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Everyday Crew Tee' })).toBeVisible();
  await hydrated(page);

  const add = page.getByRole('button', { name: 'Please Select a Size' });
  await expect(add).toBeDisabled();
  await page.getByRole('button', { name: 'Black', exact: true }).click();
  await page.getByRole('button', { name: 'M', exact: true }).click();
  await expect(page).toHaveURL(/color=blk&size=M/);
  await page.getByRole('button', { name: 'Add to Bag' }).click();
  const added = page.getByRole('dialog', { name: 'Added to your bag' });
  await expect(added).toContainText('Everyday Crew Tee');
  await expect(added).toContainText('Bag subtotal (1 item): $19.99');
  await expect(page.getByRole('link', { name: 'Bag, 1 item' })).toBeAttached();

  await added.getByRole('link', { name: 'View Bag' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // The bag's island must be live before its quantity is changed: a change made to the server-rendered select before
  // hydration sends nothing (a PostgreSQL CI run saw the subtotal stay at one item).
  await hydrated(page);
  const line = page.getByRole('listitem', { name: /Everyday Crew Tee, Black, M/ });
  await expect(line).toBeVisible();
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByTestId('summary-subtotal')).toHaveText('$19.99');
  await expect(summary.getByTestId('summary-shipping')).toHaveText('$7.99');
  // Package protection, auto-applied in the bag as at checkout: 2 % of what ships, at least $0.98.
  await expect(summary.getByTestId('summary-protection')).toHaveText('$0.98');
  await expect(summary.getByTestId('summary-total')).toHaveText('$28.96');

  await line.getByLabel('Quantity').selectOption('3');
  await expect(summary.getByTestId('summary-subtotal')).toHaveText('$59.97');
  await expect(summary.getByTestId('summary-total')).toHaveText('$69.16');
  await expect(page.getByRole('link', { name: 'Bag, 3 items' })).toBeVisible();

  // $79.96 of merchandise passes the $75 threshold: Regular shipping becomes free.
  await line.getByLabel('Quantity').selectOption('4');
  await expect(summary.getByTestId('summary-shipping')).toHaveText('Free');
  await expect(summary.getByTestId('summary-total')).toHaveText('$81.56');

  await page.reload();
  await expect(summary.getByTestId('summary-total')).toHaveText('$81.56');

  await line.getByRole('button', { name: 'Remove Everyday Crew Tee' }).click();
  await expect(page.getByRole('heading', { name: 'Your bag is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bag, 0 items' })).toBeVisible();
});

test('a sold-out size cannot be chosen', async ({ page }) => {
  await page.goto('/p/everyday-crew-tee-fb-1001');
  await hydrated(page);
  await page.getByRole('button', { name: 'Black', exact: true }).click();
  const small = page.getByRole('button', { name: 'S (out of stock)' }); // Black S is sold out in the seed
  await expect(small).toBeDisabled();
  await small.dispatchEvent('click');
  await expect(small).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Please Select a Size' })).toBeDisabled();
});

test('a new colour keeps the size; where that size is sold out the notice asks for another colour', async ({ page }) => {
  await page.goto('/p/everyday-crew-tee-fb-1001');
  await hydrated(page);
  // A colour whose S is in stock (Black S is sold out in the seed).
  let found = '';
  for (const color of ['Navy', 'Ivory', 'Coral']) {
    await page.getByRole('button', { name: color, exact: true }).click();
    if (await page.getByRole('button', { name: 'S', exact: true }).isEnabled()) {
      found = color;
      break;
    }
  }
  expect(found).not.toBe('');
  await page.getByRole('button', { name: 'S', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Add to Bag' })).toBeEnabled();

  await page.getByRole('button', { name: 'Black', exact: true }).click();
  await expect(page.getByRole('button', { name: 'S (out of stock)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('alert').filter({ hasText: 'Size S is unavailable in Black, please select another color.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Out of Stock', exact: true })).toBeDisabled();

  await page.getByRole('button', { name: found, exact: true }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add to Bag' })).toBeEnabled();
});

test('a sold-out product cannot be added', async ({ page }) => {
  await page.goto('/p/quilted-vest-fb-1006');
  await hydrated(page);
  await expect(page.getByText('This item is sold out.')).toBeVisible();
  await page.getByRole('button', { name: 'Olive (out of stock)' }).click();
  await page.getByRole('button', { name: 'M (out of stock)' }).click();
  // Sold out in every colour: it says so and offers the waitlist instead of another colour.
  await expect(page.getByRole('button', { name: 'Sold Out', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Join Waitlist' })).toBeVisible();
  // (joining its waitlist: tests/e2e/product-lists.spec.ts)
});

test('the selection in the URL survives a reload', async ({ page }) => {
  await page.goto('/p/everyday-crew-tee-fb-1001?color=blk&size=M');
  await expect(page.getByRole('button', { name: 'Add to Bag' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'M', exact: true })).toHaveAttribute('aria-pressed', 'true');
});

test("the server's add-to-bag error shows inline, and any change of options clears it", async ({ page }) => {
  // The bag already holds 9 of the 10 a shopper may order of this size.
  const res = await page.request.post('/api/checkout/product/add_to_cart', { data: { productId: 'ww-2003-nvy-M', quantity: 9 } });
  expect(res.status()).toBe(200);
  await page.goto('/p/relaxed-blazer-ww-2003?color=nvy&size=M');
  await hydrated(page);
  const add = page.getByRole('button', { name: 'Add to Bag' });
  await page.getByLabel('Quantity').selectOption('2');
  await add.click();
  await expect(page.getByRole('alert')).toHaveText('You can order at most 10 of Relaxed Blazer.');
  await expect(add).toBeDisabled();

  await page.getByLabel('Quantity').selectOption('1'); // a change of quantity clears the error
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByRole('dialog', { name: 'Added to your bag' })).toContainText('Relaxed Blazer');
});
