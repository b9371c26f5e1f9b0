import { expect, test } from '@playwright/test';
import { issuedCard } from '../helpers/gift-card-http.ts';
import { applyGiftCard, bagAtPayment } from './checkout-forms.ts';
import { ownClientAddress } from './client-address.ts';
import { hydrated } from './hydration.ts';

/** Where keyboard focus lands once an action is done: back on what opened it, or on what the action brought. */
test.beforeEach(async ({ context }) => ownClientAddress(context));

test('Continue Shopping in the added-to-bag modal returns focus to Add to Bag', async ({ page }) => {
  await page.goto('/p/everyday-crew-tee-fb-1001');
  await hydrated(page);
  await page.getByRole('button', { name: 'Black', exact: true }).click();
  await page.getByRole('button', { name: 'M', exact: true }).click();
  const add = page.getByRole('button', { name: 'Add to Bag' });
  await add.focus();
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Added to your bag' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(modal).toBeHidden();
  await expect(add).toBeFocused();
});

test('Escape in an open mega menu panel returns focus to its menu button', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the mega menu is desktop only');
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  const expand = page.getByRole('navigation', { name: 'Shop by category' }).getByRole('button').first();
  await expand.focus();
  await page.keyboard.press('Enter');
  await expect(expand).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(page.locator(`#${await expand.getAttribute('aria-controls')} a`).first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expect(expand).toBeFocused();
});

test('Escape and Cancel close search and leave focus on the search field', async ({ page }) => {
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  const search = page.getByRole('combobox', { name: 'Search' });
  await search.click();
  await search.pressSequentially('dre');
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  await expect(search).toBeFocused();
  // Typing again opens it again.
  await search.pressSequentially('s');
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  await expect(search).toBeFocused();
});

test("'+N more' moves focus to the first thumbnail it showed", async ({ page, isMobile }) => {
  test.skip(isMobile, 'a phone has no thumbnails: its gallery has dots (product.spec.ts)');
  await page.goto('/p/silky-tie-neck-blouse-ww-2001');
  await hydrated(page);
  const thumbs = page.getByRole('list', { name: 'Thumbnails' });
  await thumbs.getByRole('button', { name: '+1 more' }).focus();
  await page.keyboard.press('Enter');
  await expect(thumbs.getByRole('button', { name: /more$/ })).toHaveCount(0);
  await expect(thumbs.getByRole('listitem').nth(4).getByRole('button')).toBeFocused();
});

test('Send Reset Link moves focus to the result', async ({ page }) => {
  await page.goto('/register?isopen=true');
  await hydrated(page);
  await page.getByRole('button', { name: /Forgot password/i }).click();
  const dialog = page.getByRole('form', { name: 'Forgot password' });
  await dialog.getByLabel('Email').fill(`nobody.${Date.now()}@example.com`);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'A link has been sent to' })).toBeFocused();
});

test('Review Order pressed as the payment step opens, on a device six times slower, leaves focus on the first invalid field', async ({ page }) => {
  await page.clock.install();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await bagAtPayment(page, { guest: true });
  await page.goto('/checkout?step=shipping');
  await expect(page.getByRole('heading', { name: 'Shipping Method' })).toBeFocused();
  // From here the page's timers wait: the shopper's next press comes before any of them, as on a slow phone. Paused
  // ahead of the page's own time (its clock, not this process's), with room for the six-times-slower page to answer.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Review Order' }).click();
  // Whatever was pending runs now: the step's focus on its heading comes after the press, and must not take it.
  await page.clock.runFor(1000);
  await expect(page.getByLabel('Name on Card')).toBeFocused();
  await page.clock.resume();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

test('removing a gift card at the payment step leaves focus on the code field', async ({ page }) => {
  const card = await issuedCard(5_00);
  await bagAtPayment(page, { guest: true });
  await applyGiftCard(page, card);
  const remove = page.getByRole('button', { name: `Remove gift card •••• ${card.last4}` });
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(remove).toBeHidden();
  await expect(page.getByLabel('Enter a promo code, gift card or reward certificate')).toBeFocused();
});
