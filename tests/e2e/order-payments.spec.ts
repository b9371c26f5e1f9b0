import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { issuedCard } from '../helpers/gift-card-http.ts';
import { placeGuestOrder } from '../helpers/place-order-http.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';
import { axeViolations } from './axe.ts';
import { applyGiftCard as applyGiftCardHere, CHECKOUT_SKU, fillCard } from './checkout-forms.ts';
import { ownClientAddress } from './client-address.ts';
import { hydrated } from './hydration.ts';

/**
 * One order total on every surface: an order a gift card and a card pay shows its whole total on review, the
 * confirmation, its e-mail, Track my order, the order history and the order's page, each with every payment and its
 * amount after it; an order gift cards pay in full says nothing of a card being charged. Desktop and phone.
 */
test.beforeEach(({ context }) => ownClientAddress(context));

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A guest bag with e-mail, address and Regular shipping, ready for payment; its total in cents. */
async function bagReadyForPayment(page: Page, email: string): Promise<number> {
  const post = async (path: string, data: unknown) => {
    const r = await page.request.post(path, { data });
    expect(r.ok(), `${path}: ${await r.text()}`).toBe(true);
    return (await r.json()).body;
  };
  await post('/api/checkout/product/add_to_cart', { productId: CHECKOUT_SKU, quantity: 1 });
  await post('/api/checkout/email', { email });
  await post('/api/checkout/shipping_address/create/', { address: TEST_ADDRESS });
  const { checkout } = await post('/api/checkout/shipping_method/', { shippingMethodId: 'Regular', confirm: true });
  return checkout.basket.orderTotal;
}

/** The gift card applied at the checkout's payment step. */
async function applyGiftCard(page: Page, card: { number: string; pin: string }) {
  await page.goto('/checkout?step=payment');
  await hydrated(page);
  await applyGiftCardHere(page, card);
}

/** The checkout's summary rows; on a phone it is folded: unfolded, again if a tap came before the island woke. */
async function checkoutSummary(page: Page): Promise<Locator> {
  const rows = page.getByRole('complementary', { name: 'Order Summary' }).getByTestId('order-summary');
  await expect(async () => {
    if (!(await rows.isVisible())) await page.getByRole('button', { name: 'Show order summary' }).click({ timeout: 1000 });
    await expect(rows).toBeVisible({ timeout: 1000 });
  }).toPass();
  return rows;
}

/** The payments listed after the total: each name, then each amount. */
async function expectPayments(scope: Page | Locator, names: (string | RegExp)[], amounts: string[]) {
  const payments = scope.getByRole('region', { name: 'Payments' });
  await expect(payments.getByRole('term')).toHaveText(names);
  await expect(payments.getByRole('definition')).toHaveText(amounts);
}

/** The e-mail the outbox holds for this address (the dev outbox page shows each mail's text). */
async function mailText(page: Page, to: string): Promise<string> {
  await page.goto(`/dev/outbox?to=${encodeURIComponent(to)}`);
  return (
    (await page
      .getByRole('article', { name: new RegExp(`Mail to ${to}`) })
      .locator('pre')
      .textContent()) ?? ''
  );
}

/** What axe (WCAG 2.2 AA) finds serious or critical in the page's content and footer (the header is checked with the header). */
const seriousViolations = (page: Page) => axeViolations(page, { within: ['main', 'footer'] });

const shot = async (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`), fullPage: true });

test('a gift card and a card: the same full total on review, the confirmation and its e-mail, each payment with its amount', async ({ page }) => {
  const email = `totals-${randomUUID().slice(0, 8)}@example.com`;
  const total = await bagReadyForPayment(page, email);
  const card = await issuedCard(1000);
  await applyGiftCard(page, card);
  await fillCard(page);
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeFocused();
  const giftCard = `Gift card •••• ${card.last4}`;
  const rest = dollars(total - 1000);
  await expect(page.getByText(`${giftCard}: $10.00 (balance left $0.00)`)).toBeVisible();
  await expect(page.getByText(`Visa ending in 4242: ${rest}`)).toBeVisible();
  const review = await checkoutSummary(page);
  await expect(review.getByTestId('summary-total')).toHaveText(dollars(total));
  await expect(review.getByTestId('summary-gift-cards')).toHaveText('−$10.00');
  await expect(review.getByTestId('summary-amount-due')).toHaveText(rest);
  await shot(page, 'review-gift-card-and-card');
  await page.getByRole('button', { name: `Place Order · ${rest}` }).click();

  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeFocused();
  const orderNo = /Order number: (\S+)/.exec((await page.getByText(/^Order number: /).textContent()) ?? '')?.[1] ?? '';
  expect(orderNo).toMatch(/^\d{1,4}-\d{5}-\d{3,4}$/);
  // The number reads on one line, on a phone too.
  expect(await page.getByText(orderNo, { exact: true }).evaluate((el) => el.getClientRects().length)).toBe(1);
  await expect(page.getByTestId('summary-total')).toHaveText(dollars(total));
  await expectPayments(page, [`${giftCard}Balance left $0.00`, 'Visa ending in 4242'], ['$10.00', rest]);
  await shot(page, 'confirmation-gift-card-and-card');

  const mail = await mailText(page, email);
  expect(mail).toContain(`Order total: ${dollars(total)}\n`);
  expect(mail).toContain(`Payments\n${giftCard}: $10.00 (balance left $0.00)\nVisa ending in 4242: ${rest}\n`);
});

/** A guest order a $10.00 gift card and a card paid, placed over HTTP in the page's own browser context. */
async function orderPaidWithGiftCard(page: Page, tag: string) {
  const email = `${tag}-${randomUUID().slice(0, 8)}@example.com`;
  const card = await issuedCard(1000);
  const placed = await placeGuestOrder(page.request, { email, items: [{ productId: CHECKOUT_SKU, quantity: 1 }], giftCard: card });
  expect(placed.amountDue).toBe(placed.orderTotal - 1000);
  return {
    ...placed,
    email,
    payments: [`Gift card •••• ${card.last4}Balance left $0.00`, 'Visa ending in 4242'],
    amounts: ['$10.00', dollars(placed.amountDue)],
  };
}

test("Track my order: the same full total, and the order's page with each payment and its status in words", async ({ page }) => {
  const { orderNo, orderTotal, email, payments, amounts } = await orderPaidWithGiftCard(page, 'track');
  await page.goto('/orders');
  await page.getByLabel('Order number').fill(orderNo);
  await page.getByLabel('E-mail used for the order').fill(email);
  await page.getByRole('button', { name: 'Track order' }).click();
  const tracked = page.getByRole('region', { name: `Order ${orderNo}` });
  await expect(tracked).toContainText(`Order total ${dollars(orderTotal)}`);
  await tracked.getByRole('button', { name: 'View order details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNo}` })).toBeVisible();
  await expect(page.getByTestId('summary-total')).toHaveText(dollars(orderTotal));
  await expectPayments(page, payments, amounts);
  await expect(page.getByTestId('order-status')).toHaveText('Being prepared');
  expect(await page.getByText(orderNo, { exact: true }).evaluate((el) => el.getClientRects().length)).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'order-page-tracked');
});

test("the order history: the same full total, the order's number opening its page", async ({ page }) => {
  const { orderNo, orderTotal, email, payments, amounts } = await orderPaidWithGiftCard(page, 'history');
  // The guest makes an account with the order (as the confirmation page offers).
  const joined = await page.request.post('/api/checkout/register-user/', { data: { email, password: 'shopper123', orderId: orderNo } });
  expect(joined.ok(), await joined.text()).toBe(true);
  await page.goto('/orders');
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row.getByRole('cell').last()).toHaveText(dollars(orderTotal));
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'order-history');
  await row.getByRole('link', { name: orderNo }).click();
  await expect(page.getByTestId('summary-total')).toHaveText(dollars(orderTotal));
  await expectPayments(page, payments, amounts);
});

test('an order gift cards pay in full says nothing of a card being charged, on review, the confirmation or the e-mail', async ({ page }) => {
  const email = `paid-${randomUUID().slice(0, 8)}@example.com`;
  const total = await bagReadyForPayment(page, email);
  const card = await issuedCard(total + 500);
  await applyGiftCard(page, card);
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeFocused();
  await expect(page.getByText('By placing your order you agree to our terms of sale.')).toBeVisible();
  await expect(page.getByText(/card is charged/)).toHaveCount(0);
  await expect(page.getByText(`Gift card •••• ${card.last4}: ${dollars(total)} (balance left $5.00)`)).toBeVisible();
  await page.getByRole('button', { name: 'Place Order · $0.00' }).click();
  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expect(page.getByTestId('summary-total')).toHaveText(dollars(total));
  await expectPayments(page, [`Gift card •••• ${card.last4}Balance left $5.00`], [dollars(total)]);
  await expect(page.getByText(/card is charged|ending in/)).toHaveCount(0);
  const mail = await mailText(page, email);
  expect(mail).toContain(`Order total: ${dollars(total)}\n`);
  expect(mail).not.toMatch(/charged|Visa/);
});

test('a gift card balance from the footer and a gift card page, on the balance endpoint', async ({ page }) => {
  const card = await issuedCard(1234);
  await page.goto('/home');
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Check a gift card balance' });
  const box = await footerLink.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(24);
  expect(box?.width).toBeGreaterThanOrEqual(24);
  await footerLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gift card balance' })).toBeVisible();
  await hydrated(page);
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByText('Valid gift card number is required')).toBeVisible();
  await page.getByLabel('Gift card number').fill(card.number);
  await page.getByLabel('PIN', { exact: true }).fill(card.pin === '0000' ? '1111' : '0000');
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByRole('alert')).toHaveText('The gift card number or PIN is incorrect.');
  await page.getByLabel('PIN', { exact: true }).fill(card.pin);
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gift card' })).toHaveText(`Gift card •••• ${card.last4} has $12.34 left.`);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'gift-card-balance-page');

  await page.goto('/p/e-gift-card-egc-3');
  await expect(page.getByRole('link', { name: 'Check a gift card balance' }).first()).toHaveAttribute('href', '/gift-card-balance');
});

test('a gift card balance in a dialog beside the bag, closed by Escape back to its button', async ({ page }) => {
  const card = await issuedCard(1234);
  await page.request.post('/api/checkout/product/add_to_cart', { data: { productId: CHECKOUT_SKU, quantity: 1 } });
  await page.goto('/cart');
  await hydrated(page);
  await page.getByRole('button', { name: 'Check a gift card balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gift card balance' });
  await dialog.getByLabel('Gift card number').fill(card.number);
  await dialog.getByLabel('PIN', { exact: true }).fill(card.pin);
  await dialog.getByRole('button', { name: 'Check balance' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Gift card •••• ${card.last4} has $12.34 left.`);
  await shot(page, 'gift-card-balance-bag');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Check a gift card balance' })).toBeFocused();
});
