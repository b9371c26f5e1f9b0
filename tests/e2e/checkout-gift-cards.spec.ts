import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { buyEGiftCard, cardMailedTo, issuedCard } from '../helpers/gift-card-http.ts';
import { addToBag, applyGiftCard, CHECKOUT_SKU, fillCard } from './checkout-forms.ts';
import { ownClientAddress } from './client-address.ts';
import { hydrated } from './hydration.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';

/**
 * Gift cards as payment, as a shopper sees them: applied with their PIN in the code field of the bag or the payment
 * step, shown by their last four with what they pay, with a card for the rest or no card at all; an e-gift card
 * read from its e-mail and spent in a second order; the field by keyboard alone and for a screen reader.
 */
test.beforeEach(({ context }) => ownClientAddress(context));

/** A guest bag with e-mail, address and method given: ready for payment. Its total in cents. */
async function bagReadyForPayment(page: Page): Promise<number> {
  const post = async (path: string, data: unknown) => {
    const r = await page.request.post(path, { data });
    expect(r.ok(), `${path}: ${await r.text()}`).toBe(true);
    return (await r.json()).body;
  };
  await post('/api/checkout/product/add_to_cart', { productId: CHECKOUT_SKU, quantity: 1 });
  await post('/api/checkout/email', { email: 'ada@example.com' });
  await post('/api/checkout/shipping_address/create/', { address: TEST_ADDRESS });
  const { checkout } = await post('/api/checkout/shipping_method/', { shippingMethodId: 'Regular', confirm: true });
  return checkout.basket.orderTotal;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The summary; on a phone the checkout folds it: unfolded, again if a tap came before the island woke. */
async function checkoutSummary(page: Page): Promise<Locator> {
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  const rows = summary.getByTestId('order-summary');
  await expect(async () => {
    if (!(await rows.isVisible())) await page.getByRole('button', { name: 'Show order summary' }).click({ timeout: 1000 });
    await expect(rows).toBeVisible({ timeout: 1000 });
  }).toPass();
  return summary;
}

test('a gift card pays part at the payment step and a card pays the rest; the confirmation shows both', async ({ page }) => {
  const total = await bagReadyForPayment(page);
  const card = await issuedCard(1000);
  await page.goto('/checkout?step=payment');
  await hydrated(page);
  await applyGiftCard(page, card);
  await expect(page.getByRole('listitem', { name: `Gift card •••• ${card.last4}` })).toContainText('pays $10.00');
  const summary = await checkoutSummary(page);
  await expect(summary.getByTestId('summary-gift-cards')).toHaveText('−$10.00');
  await expect(summary.getByTestId('summary-total')).toHaveText(dollars(total));
  await expect(summary.getByTestId('summary-amount-due')).toHaveText(dollars(total - 1000));
  await fillCard(page);
  await page.getByRole('button', { name: 'Review Order' }).click();
  await page.getByRole('button', { name: `Place Order · ${dollars(total - 1000)}` }).click();
  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expect(page.getByTestId('summary-total')).toHaveText(dollars(total));
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByRole('term')).toHaveText([`Gift card •••• ${card.last4}Balance left $0.00`, 'Visa ending in 4242']);
  await expect(payments.getByRole('definition')).toHaveText(['$10.00', dollars(total - 1000)]);
});

test('a bag a gift card pays in full asks for no card and is placed for $0.00', async ({ page }) => {
  const total = await bagReadyForPayment(page);
  const card = await issuedCard(total + 500);
  await page.goto('/checkout?step=payment');
  await hydrated(page);
  await expect(page.getByLabel('Card Number')).toBeVisible();
  await applyGiftCard(page, card);
  await expect(page.getByRole('status').filter({ hasText: 'Your gift cards pay for this order. No card is needed.' })).toBeVisible();
  await expect(page.getByLabel('Card Number')).toBeHidden();
  await page.getByRole('button', { name: 'Review Order' }).click();
  await page.getByRole('button', { name: 'Place Order · $0.00' }).click();
  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expect(page.getByTestId('summary-total')).toHaveText(dollars(total));
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments.getByRole('term')).toHaveText([`Gift card •••• ${card.last4}Balance left $5.00`]);
  await expect(payments.getByRole('definition')).toHaveText([dollars(total)]);
});

test('an e-gift card read from its e-mail pays for a second order from the bag', async ({ page }) => {
  const recipient = await buyEGiftCard(page.request);
  // The outbox page shows the mail with its number and PIN masked; the operator's `npm run outbox` opens them.
  const { number, pin } = await cardMailedTo(recipient);
  await page.goto(`/dev/outbox?to=${encodeURIComponent(recipient)}`);
  const mail = page.getByRole('article', { name: new RegExp(`Mail to ${recipient}`) });
  await expect(mail).toContainText(`Gift card number: •••• ${number.slice(-4)}\nPIN: ••••`);
  await expect(mail).not.toContainText(number);

  await addToBag(page, { productId: CHECKOUT_SKU });
  await page.goto('/cart');
  await hydrated(page);
  await page.getByLabel('Enter a promo code, gift card or reward certificate').fill(number);
  // What a gift card does is said beside the field before the shopper applies it.
  await expect(page.getByText('A gift card pays toward your order total.')).toBeVisible();
  await page.getByLabel('PIN', { exact: true }).fill(pin === '0000' ? '1111' : '0000');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText('The gift card number or PIN is incorrect.');
  await applyGiftCard(page, { number, pin });
  await expect(page.getByRole('listitem', { name: `Gift card •••• ${number.slice(-4)}` })).toBeVisible();
  await expect(page.getByTestId('summary-gift-cards')).toBeVisible();

  // The card goes with the bag into checkout and pays the whole order.
  const post = async (path: string, data: unknown) => expect((await page.request.post(path, { data })).ok()).toBe(true);
  await post('/api/checkout/email', { email: 'ada@example.com' });
  await post('/api/checkout/shipping_address/create/', { address: TEST_ADDRESS });
  await post('/api/checkout/shipping_method/', { shippingMethodId: 'Regular', confirm: true });
  await page.goto('/checkout?step=payment');
  await hydrated(page);
  await expect(page.getByRole('status').filter({ hasText: 'Your gift cards pay for this order. No card is needed.' })).toBeVisible();
  await page.getByRole('button', { name: 'Review Order' }).click();
  await page.getByRole('button', { name: 'Place Order · $0.00' }).click();
  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expect(page.getByRole('region', { name: 'Payments' }).getByRole('term')).toHaveText([
    new RegExp(`^Gift card •••• ${number!.slice(-4)}Balance left \\$\\d+\\.\\d{2}$`),
  ]);
});

test('a gift card is applied and removed by keyboard alone, and axe finds nothing serious in the code form with its PIN', async ({ page }) => {
  const card = await issuedCard(700);
  await addToBag(page, { productId: CHECKOUT_SKU });
  await page.goto('/cart');
  await hydrated(page);
  await page.getByLabel('Enter a promo code, gift card or reward certificate').focus();
  await page.keyboard.type(card.number);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('PIN', { exact: true })).toBeFocused();
  expect(await axeViolations(page, { within: ['.promo'] })).toEqual([]);
  await page.keyboard.type(card.pin);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Code applied successfully' })).toBeFocused();
  const remove = page.getByRole('button', { name: `Remove gift card •••• ${card.last4}` });
  await page.keyboard.press('Tab');
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(remove).toBeHidden();
  // Taking a gift card off reads as taking a code off: one wording for every kind.
  await expect(page.getByRole('status').filter({ hasText: 'Code removed successfully' })).toBeVisible();
  // The pressed button went with the card: focus is on the code field, not the page's body.
  await expect(page.getByLabel('Enter a promo code, gift card or reward certificate')).toBeFocused();
});
