import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { e2eDb } from '../helpers/e2e-db.ts';
import { hydrated } from './hydration.ts';
import { fillAddress } from './checkout-forms.ts';
import { ownClientAddress } from './client-address.ts';

// Each browser a client address of its own: the store limits the accounts, sign-ins and codes one address may try.
test.beforeEach(({ context }) => ownClientAddress(context));

/** The bag page: codes and their Details, line actions by item kind, availability messages, accessibility. */
const addViaApi = async (page: Page, data: Record<string, unknown>) => {
  const res = await page.request.post('/api/checkout/product/add_to_cart', { data: { quantity: 1, ...data } });
  expect(res.status(), JSON.stringify(data)).toBe(200);
};
const openBag = async (page: Page) => {
  await page.goto('/cart');
  await hydrated(page);
};

test('enter a coupon in the bag, see the discount and its details, then remove it', async ({ page }) => {
  await addViaApi(page, { productId: 'ww-2001-ivr-M' });
  await openBag(page);
  const summary = page.getByTestId('order-summary');
  // $54.99 + $7.99 Standard Delivery + $1.10 package protection (2 % of what ships).
  await expect(summary.getByTestId('summary-total')).toHaveText('$64.08');
  const field = page.getByLabel('Enter a promo code');

  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid code');

  await field.fill('save-15!');
  await expect(field).toHaveValue('SAVE15'); // upper-case, and only what a code may hold
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Code applied successfully' })).toBeVisible();
  await expect(summary.getByTestId('summary-coupons')).toHaveText('−$8.25');
  // The protection follows what ships: 2 % of $46.74 is below its $0.98 floor.
  await expect(summary.getByTestId('summary-total')).toHaveText('$55.71');
  await expect(summary.getByTestId('summary-saved')).toHaveText('$8.25');
  const line = page.getByRole('listitem', { name: /Silky Tie-Neck Blouse, Ivory, M/ });
  await expect(line.getByText('SAVE15: Extra 15% off with code SAVE15 (-$8.25)')).toBeVisible();

  const coupon = page.getByRole('listitem', { name: 'Code SAVE15' });
  await expect(coupon.getByText('Code applied. See Details for what it covers.')).toBeVisible();
  const details = coupon.getByRole('button', { name: 'Details of code SAVE15' });
  await details.click();
  const dialog = page.getByRole('dialog', { name: 'Details' });
  await expect(dialog.getByText('Extra 15% off with code SAVE15')).toBeVisible();
  await expect(dialog.getByText('Use code SAVE15')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'View all deals' })).toHaveAttribute('href', '/offers-coupons');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(details).toBeFocused();

  await page.reload();
  await expect(summary.getByTestId('summary-coupons')).toHaveText('−$8.25');
  await coupon.getByRole('button', { name: 'Remove code SAVE15' }).click();
  await expect(coupon).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Code removed successfully' })).toBeVisible();
  await expect(summary.getByTestId('summary-coupons')).toBeHidden();
  await expect(summary.getByTestId('summary-total')).toHaveText('$64.08');
});

test('package protection is in the bag’s total as the checkout applies it; taken off in the bag, it stays off at checkout', async ({ page }) => {
  await addViaApi(page, { productId: 'ww-2001-ivr-M' });
  await openBag(page);
  const summary = page.getByTestId('order-summary');
  // $54.99 of merchandise and $7.99 Standard Delivery; protection is 2 % of what ships: $1.10.
  const protect = page.getByRole('checkbox', { name: 'Protect my package ($1.10)' });
  await expect(protect).toBeChecked();
  await expect(summary.getByTestId('summary-protection')).toHaveText('$1.10');
  await expect(summary.getByTestId('summary-total')).toHaveText('$64.08');
  expect(await axeViolations(page, { within: ['aside'] })).toEqual([]);

  await protect.focus();
  await page.keyboard.press('Space');
  await expect(summary.getByTestId('summary-protection')).toHaveCount(0);
  await expect(summary.getByTestId('summary-total')).toHaveText('$62.98');
  await expect(protect).not.toBeChecked();

  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Email' }).fill('protection@example.com');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Method' })).toBeFocused();
  await expect(page.getByRole('checkbox', { name: /^Protect my package/ })).not.toBeChecked();
});

test('a gift card number asks for its pin, a number the store did not issue is refused, and a waiting code says so', async ({ page }) => {
  await addViaApi(page, { productId: 'fb-1001-blk-M' });
  await openBag(page);
  await page.getByLabel('Enter a promo code').fill('6006 4912 3456 7890');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a 4-digit pin');
  await page.getByLabel('PIN', { exact: true }).fill('12345');
  await expect(page.getByLabel('PIN', { exact: true })).toHaveValue('1234');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText('The gift card number or PIN is incorrect.');
  await expect(page.getByTestId('summary-gift-cards')).toBeHidden();

  await page.getByLabel('Enter a promo code').fill('DRESS10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('listitem', { name: 'Code DRESS10' })).toContainText('The discount applies once the conditions are met.');
});

test("a code for signed-in shoppers says 'Please sign in to use this code', with a link to sign in and back to the bag", async ({ page }) => {
  await addViaApi(page, { productId: 'ww-2001-ivr-M' });
  await openBag(page);
  await page.getByLabel('Enter a promo code').fill('RC12345678901234567');
  await page.getByRole('button', { name: 'Apply' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Please sign in to use this code.' });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/register?isopen=true&original=%2Fcart');
});

test('bag edits: quantity, edit opens quick shop, gift cards fixed, out of stock and out of catalog', async ({ page }, info) => {
  // Each project gets its own products: stock changes here must not reach the other project's run.
  const [outOfStock, discontinued] = info.project.name === 'mobile' ? ['bh-5006-cor-M', 'fb-1003-ivr-M'] : ['rm-3005-blk-M', 'jl-4005-cor-M'];
  await addViaApi(page, {
    productId: 'ca-7001-nvy-Misses-6',
    optionItems: [{ optionId: 'hemming', optionValueId: '1' }],
    c_hemmingInseamLength: '28',
  });
  await addViaApi(page, { productId: 'gc-2-gc-25', c_giftCardRecipient: 'Ann', c_giftCardSender: 'Bo' });
  await addViaApi(page, { productId: outOfStock });
  await addViaApi(page, { productId: discontinued });
  const db = e2eDb();
  try {
    await db.kysely.updateTable('stock').set({ on_hand: 0 }).where('sku', '=', outOfStock).execute();
    await db.kysely.updateTable('variants').set({ orderable: 0 }).where('sku', '=', discontinued).execute();
  } finally {
    await db.kysely.destroy();
  }
  await openBag(page);

  // A hemmed item ships by Standard Delivery only.
  const shipping = page.getByRole('group', { name: 'Shipping method' });
  await expect(shipping.getByText('Some items are only eligible for Standard Delivery.')).toBeVisible();
  await expect(shipping.getByRole('radio')).toHaveCount(1);
  await expect(shipping.getByRole('radio', { name: /^Standard Delivery/ })).toBeChecked();

  const jean = page.getByRole('listitem', { name: /High-Rise Straight Jean/ });
  await jean.getByLabel('Quantity').selectOption('2');
  await expect(jean.getByLabel('Quantity')).toHaveValue('2');
  await page.evaluate(() =>
    window.addEventListener('quickShopEvent', (e) => ((window as unknown as { qs: unknown }).qs = (e as CustomEvent).detail)),
  );
  await jean.getByRole('button', { name: 'Edit High-Rise Straight Jean' }).click();
  const detail = await page.evaluate(() => (window as unknown as { qs: unknown }).qs);
  expect(detail).toMatchObject({
    productId: 'ca-7001',
    productLink: '/p/high-rise-straight-jean-ca-7001',
    templateProps: { mode: 'edit', variantId: 'ca-7001-nvy-Misses-6', quantity: 2, hemming: '28' },
  });
  // The quick shop opens in edit mode with the line's choices; a new inseam updates the same line.
  const edit = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(edit.getByRole('button', { name: '28"' })).toHaveAttribute('aria-pressed', 'true');
  await edit.getByRole('button', { name: '29"' }).click();
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(edit).toBeHidden();
  await expect(jean).toContainText('Hemming: 29" inseam');
  await expect(jean.getByLabel('Quantity')).toHaveValue('2');

  const gift = page.getByRole('listitem', { name: /Gift Card/ });
  await expect(gift.getByText('Qty 1')).toBeVisible();
  await expect(gift.getByLabel('Quantity')).toHaveCount(0);
  await expect(gift.getByRole('button', { name: /^Edit/ })).toHaveCount(0);

  const oos = page.getByRole('listitem').filter({ hasText: 'This item is out of stock. Please remove it to continue.' });
  await expect(oos).toHaveCount(1);
  await expect(oos.getByLabel('Quantity')).toHaveCount(0);
  const gone = page.getByRole('listitem').filter({ hasText: 'This item is no longer available. Please remove it to continue.' });
  await expect(gone.getByRole('button')).toHaveCount(1);
  await gone.getByRole('button', { name: /^Remove/ }).click();
  await expect(gone).toHaveCount(0);
});

test('the bag page has no serious or critical accessibility violations', async ({ page }) => {
  await addViaApi(page, { productId: 'ww-2001-ivr-M' });
  await openBag(page);
  await page.getByLabel('Enter a promo code').fill('SAVE15');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('summary-coupons')).toBeVisible();
  expect(await axeViolations(page, { within: ['main'] })).toEqual([]);
});

test("a product's page says how it ships (no P.O. box, what a heavy item adds to shipping) and carries its Prop 65 warning", async ({ page }) => {
  await page.goto('/p/knee-high-boot-ks-6006');
  await page.locator('main summary', { hasText: 'Shipping & returns' }).click();
  await expect(page.getByText('This item cannot be shipped to a P.O. box.')).toBeVisible();
  await expect(page.getByText('This item adds $4.99 to shipping for each one ordered.')).toBeVisible();
  // California's Proposition 65 warning, with the state's page, on a product the catalog marks so; not on another.
  await expect(page.getByText('WARNING: Cancer and Reproductive Harm')).toBeVisible();
  await expect(page.getByRole('link', { name: 'www.P65Warnings.ca.gov' })).toHaveAttribute('href', 'https://www.p65warnings.ca.gov/');
  await page.goto('/p/trail-rain-shell-rm-3001');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('WARNING: Cancer and Reproductive Harm')).toHaveCount(0);
});

test('the empty bag says so', async ({ page }) => {
  await openBag(page);
  await expect(page.getByRole('heading', { name: 'Your bag is empty' })).toBeVisible();
});

test("a line that cannot ship to the bag's state: checkout sends the shopper back to the bag, which says why", async ({ page }) => {
  await page.goto('/p/trail-rain-shell-rm-3001');
  await page.locator('main summary', { hasText: 'Shipping & returns' }).click();
  await expect(page.getByText('This item cannot be shipped to California and New York.')).toBeVisible();

  const db = e2eDb();
  try {
    const sku = await db.kysely
      .selectFrom('variants')
      .innerJoin('stock', 'stock.sku', 'variants.sku')
      .select('variants.sku')
      .where('variants.product_id', '=', 'rm-3001')
      .where('variants.orderable', '=', 1)
      .where('stock.on_hand', '>', 2)
      .orderBy('variants.sku')
      .executeTakeFirstOrThrow();
    await addViaApi(page, { productId: sku.sku });
    await addViaApi(page, { productId: 'fb-1002-olv-M' });
    const basketId = (await (await page.request.get('/api/checkout/basket')).json()).body.basket.basketId as string;
    // The checkout's shipping address sets the bag's state; here the test sets it directly.
    await db.kysely.updateTable('baskets').set({ shipping_state_code: 'CA' }).where('id', '=', basketId).execute();
  } finally {
    await db.kysely.destroy();
  }

  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/cart\?source=newcheckout&isRestrictedShippingItem=true$/);
  await hydrated(page);
  await expect(page.getByRole('alert')).toHaveText('Some items in your bag cannot be shipped to California. Remove them to continue to checkout.');
  const shell = page.getByRole('listitem', { name: /Trail Rain Shell/ });
  await expect(shell.getByText('This item cannot ship to the state you chose.')).toBeVisible();
  await expect(shell.getByLabel('Quantity')).toHaveCount(0);
  await expect(shell.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  const henley = page.getByRole('listitem', { name: /Waffle Henley/ });
  await expect(henley.getByLabel('Quantity')).toBeVisible();

  await shell.getByRole('button', { name: /^Remove/ }).click();
  await expect(shell).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/checkout(\?step=information)?$/);
});

test('checkout with an empty bag goes to the bag', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'Your bag is empty' })).toBeVisible();
});

test('the bag page leads to checkout from its order summary, as the mini bag does', async ({ page }) => {
  await openBag(page);
  await expect(page.getByRole('heading', { name: 'Your bag is empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Checkout now' })).toHaveCount(0);
  await addViaApi(page, { productId: 'ww-2001-ivr-M' });
  await openBag(page);
  const checkout = page.getByRole('complementary', { name: 'Order summary' }).getByRole('link', { name: 'Checkout now' });
  await expect(checkout).toBeVisible();
  await expect(checkout).toHaveAttribute('href', '/checkout');
});

test('keyboard: arrow keys choose a quantity without sending it; Enter sends it and focus stays on the control', async ({ page }) => {
  await addViaApi(page, { productId: 'ww-2001-ivr-M' });
  await openBag(page);
  const sent: unknown[] = [];
  page.on('request', (r) => r.url().includes('/basket/update/updateBasketItem') && sent.push(r.postDataJSON()));
  const quantity = page.getByRole('listitem', { name: /Silky Tie-Neck Blouse/ }).getByLabel('Quantity');
  await quantity.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(quantity).toHaveValue('3');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('summary-subtotal')).toHaveText('$164.97');
  expect(sent).toEqual([expect.objectContaining({ body: { quantity: 3 } })]);
  await expect(quantity).toBeFocused();
});

test('keyboard: Remove moves focus to the next line, and the last Remove to the empty bag heading', async ({ page }) => {
  await addViaApi(page, { productId: 'ww-2001-ivr-M' });
  await addViaApi(page, { productId: 'fb-1001-blk-M' });
  await openBag(page);
  const lines = page.getByRole('list', { name: 'Items in your bag' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  const first = lines.first();
  const firstName = (await first.getByRole('link').first().textContent())!;
  const secondName = (await lines.nth(1).getByRole('link').first().textContent())!;
  await first.getByRole('button', { name: `Remove ${firstName}` }).focus();
  await page.keyboard.press('Enter');
  await expect(lines).toHaveCount(1);
  await expect(lines.first().getByRole('link', { name: secondName })).toBeFocused();
  await page.getByRole('button', { name: `Remove ${secondName}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Your bag is empty' })).toBeFocused();
});

test('keyboard: Apply moves focus to the result, which is announced', async ({ page }) => {
  await addViaApi(page, { productId: 'ww-2001-ivr-M' });
  await openBag(page);
  await page.getByLabel('Enter a promo code').focus();
  await page.keyboard.press('Enter'); // nothing typed yet
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid code' })).toBeFocused();
  await page.getByLabel('Enter a promo code').focus();
  await page.keyboard.type('SAVE15');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter'); // Apply
  await expect(page.getByRole('status').filter({ hasText: 'Code applied successfully' })).toBeFocused();
});

test("the code field's refusal is about the bag it was given for: it goes once the bag changes", async ({ page }) => {
  await addViaApi(page, { productId: 'ww-2001-ivr-M' });
  await openBag(page);
  await page.getByRole('button', { name: 'Apply' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Please enter a valid code' });
  await expect(refusal).toBeVisible();
  const quantity = page.getByRole('listitem', { name: /Silky Tie-Neck Blouse/ }).getByLabel('Quantity');
  await quantity.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('summary-subtotal')).toHaveText('$109.98');
  await expect(refusal).toBeHidden();
});
