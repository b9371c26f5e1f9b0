import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { PERKS_TERMS_REQUIRED } from '#src/lib/perks/perks-texts.ts';
import { addToBag, CHECKOUT_SKU, fillAddress, fillCard } from './checkout-forms.ts';
import { hydrated } from './hydration.ts';
import { e2eDb } from '../helpers/e2e-db.ts';
import { ownClientAddress } from './client-address.ts';

// Each browser a client address of its own: the store limits the accounts, sign-ins and codes one address may try.
test.beforeEach(({ context }) => ownClientAddress(context));

/**
 * Joining the perks membership from its page: the join modal (terms ticked and required, a guest's registered e-mail
 * turning the action into sign in), the checkout with a new card, and the member's free Express on the next bag.
 */

const newEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function openPerksPage(page: Page): Promise<void> {
  const product = await page.request.post('/api/checkout/product/read', { data: { productId: 'fb-perks' } });
  await page.goto((await product.json()).body.url);
  await hydrated(page);
}

/** An account made from another client, so this browser stays a guest. */
async function registerElsewhere(page: Page, email: string): Promise<void> {
  const other = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  await ownClientAddress(other);
  const r = await other.request.post('/api/global/register', { data: { firstName: 'Pat', lastName: 'Perks', email, password: 'abcd1234' } });
  expect(r.ok()).toBe(true);
  await other.close();
}

/** The perks line wakes when scrolled to (below the fold on a phone): scrolled to, and waited for. */
async function perksLineAwake(page: Page): Promise<void> {
  // The island's element, not its button: the button is replaced when a member's line takes its place.
  const island = page.locator('astro-island[component-export="PerksMessage"]');
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr');
}

/** The checkout's order summary, unfolded on small screens. */
async function orderSummary(page: Page) {
  const toggle = page.getByRole('button', { name: 'Show order summary' });
  if (await toggle.isVisible()) await toggle.click();
  return page.getByRole('complementary').getByTestId('order-summary');
}

const joinDialog = (page: Page) => page.getByRole('dialog', { name: 'Join Fernbrook Perks' });

test('a guest joins: a registered e-mail signs in, the membership is bought with a new card, and the next bag ships Express free', async ({
  page,
}) => {
  const email = newEmail('join');
  await registerElsewhere(page, email);
  await openPerksPage(page);
  await page.getByRole('button', { name: 'Add to Bag' }).click();
  const dialog = joinDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('I accept the Terms and Conditions')).toBeChecked();

  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('You have an account with us: sign in to join.')).toBeVisible();
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  await dialog.getByLabel('Password', { exact: true }).fill('abcd1234');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Fernbrook Perks Annual Membership is in your bag. Your payment will be a new card.');
  await expect(dialog.getByRole('link', { name: 'Checkout Now' })).toBeFocused();

  await dialog.getByRole('link', { name: 'Checkout Now' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await expect(page.getByLabel('Card Number')).toBeVisible();
  await fillCard(page);
  await fillAddress(page, 'Billing Address');
  await page.getByRole('button', { name: 'Review Order' }).click();
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);

  // A member now: the product page says until when, and the next bag's Express is free and named.
  await openPerksPage(page);
  await perksLineAwake(page);
  await expect(page.getByText(/You are a Fernbrook Perks member until/)).toBeVisible();
  await addToBag(page, { productId: CHECKOUT_SKU });
  await page.goto('/checkout');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL(/step=updateShippingMethod/);
  const express = page.getByRole('radio', { name: /Express/ });
  // The member's free Express is chosen for them.
  await expect(express).toBeChecked();
  await expect(page.locator('label', { has: express })).toContainText('Free');
  await expect(page.locator('label', { has: express })).not.toContainText('Free Express shipping with');
  await expect((await orderSummary(page)).getByText('Shipping & handling (Fernbrook Perks)')).toBeVisible();
});

test('a member signing in reads on the perks page until when and what the membership gives, and starts the next bag on free Express', async ({
  page,
}) => {
  const email = newEmail('member');
  const reg = await page.request.post('/api/global/register', { data: { firstName: 'Mae', lastName: 'Member', email, password: 'abcd1234' } });
  const customerId = (await reg.json()).body.token.customer_id as string;
  const db = e2eDb();
  // A member until 1 March 2030, noon in New York: the page names that day.
  await db.kysely
    .insertInto('perks_memberships')
    .values({ customer_id: customerId, programme: 'fb', ends_at: '2030-03-01T17:00:00.000Z', updated_at: new Date().toISOString() })
    .execute();
  await db.kysely.destroy();

  await openPerksPage(page);
  await perksLineAwake(page);
  await expect(page.getByText('You are a Fernbrook Perks member until March 1, 2030: Express shipping is free.')).toBeVisible();

  await addToBag(page, { productId: CHECKOUT_SKU });
  await page.goto('/checkout');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL(/step=updateShippingMethod/);
  await expect(page.getByRole('radio', { name: /Express/ })).toBeChecked();
  await expect((await orderSummary(page)).getByText('Shipping & handling (Fernbrook Perks)')).toBeVisible();
});

test('the join modal: terms ticked by default and required, with their own modal, and no accessibility violations', async ({ page }) => {
  await openPerksPage(page);
  await page.getByRole('button', { name: 'Add to Bag' }).click();
  const dialog = joinDialog(page);
  const terms = dialog.getByLabel('I accept the Terms and Conditions');
  await expect(terms).toBeChecked();
  await terms.uncheck();
  await expect(dialog.getByRole('alert')).toHaveText(PERKS_TERMS_REQUIRED);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(newEmail('terms'));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(terms).toBeFocused();
  expect(await axeViolations(page, { within: ['dialog[open]'] })).toEqual([]);

  await dialog.getByRole('button', { name: 'Terms and Conditions', exact: true }).click();
  const termsDialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(termsDialog).toContainText('It does not renew by itself.');
  await page.keyboard.press('Escape');
  await expect(termsDialog).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Terms and Conditions', exact: true })).toBeFocused();
  await terms.check();
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // An e-mail with no account is sent to create one.
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('There is no account for this e-mail yet.')).toBeVisible();
  // Continue is off for an unknown e-mail: focus is on the way on, not the page's body.
  await expect(dialog.getByRole('link', { name: 'Create an account' })).toBeFocused();
});

test('the join modal works from the keyboard alone, and Escape gives focus back to Add to Bag', async ({ page }) => {
  await openPerksPage(page);
  const add = page.getByRole('button', { name: 'Add to Bag' });
  // Enabled once the purchase area has the product's fresh data.
  await expect(add).toBeEnabled();
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = joinDialog(page);
  await expect(dialog).toBeVisible();
  const email = dialog.getByRole('textbox', { name: 'Email' });
  for (let i = 0; i < 5 && !(await email.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(email).toBeFocused();
  await page.keyboard.type('not-an-email');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Valid email is required')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
});

test('a product page promises the perks benefit the store gives, with Perks Details read from the promotion', async ({ page }) => {
  await page.goto('/p/everyday-crew-tee-fb-1001');
  await hydrated(page);
  await perksLineAwake(page);
  await page.getByRole('button', { name: 'Perks Details' }).click();
  const details = page.getByRole('dialog', { name: 'Perks Details' });
  await expect(details).toContainText('Free Express shipping on every order for a year');
  await expect(details).toContainText('Members can renew in the last 30 days');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Perks Details' })).toBeFocused();
});

test('the perks line is shown only on the product pages of the brand that runs perks', async ({ page }) => {
  const perksLine = page.getByText(/^Free Express shipping on every order with /);
  for (const other of ['/p/high-rise-straight-jean-ca-7001', '/p/trail-rain-shell-rm-3001']) {
    await page.goto(other);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(perksLine).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Perks Details' })).toHaveCount(0);
  }
  await page.goto('/p/everyday-crew-tee-fb-1001');
  await hydrated(page);
  await perksLineAwake(page);
  await expect(perksLine).toBeVisible();
});
