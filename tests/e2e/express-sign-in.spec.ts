import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { randomUUID } from 'node:crypto';
import { SHIP_TO } from '../helpers/place-order-http.ts';
import { CHECKOUT_SKU } from './checkout-forms.ts';
import { hydrated } from './hydration.ts';
import { ownClientAddress } from './client-address.ts';

/**
 * Express checkout's sign-in: a guest signs in from a dialog at the start of checkout or in the bag, and goes on
 * with the checkout as the account, the bag kept and the saved address offered.
 */
const PASSWORD = 'abcd1234';

// Each test's browser is a client address of its own: the store limits the accounts and sign-ins one address makes.
test.beforeEach(({ context }) => ownClientAddress(context));

/** An account with a saved shipping address, made from another client so that the page's browser stays a guest. */
async function accountWithSavedAddress(
  newContext: (options: { extraHTTPHeaders: Record<string, string> }) => Promise<APIRequestContext>,
): Promise<string> {
  const email = `express-${randomUUID().slice(0, 8)}@example.com`;
  // A client address of its own: the store limits the accounts one address creates.
  const other = await newContext({
    extraHTTPHeaders: { 'x-forwarded-for': `10.20.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
  try {
    const reg = await other.post('/api/global/register', { data: { firstName: 'Sam', lastName: 'Saved', email, password: PASSWORD } });
    expect(reg.ok(), await reg.text()).toBe(true);
    const saved = await other.post('/api/checkout/customerdata/', { data: { shippingAddressToAdd: [SHIP_TO] } });
    expect(saved.ok(), await saved.text()).toBe(true);
  } finally {
    await other.dispose();
  }
  return email;
}

/** A guest's bag with one line; answers the line's product name. */
async function guestBag(page: Page): Promise<string> {
  const r = await page.request.post('/api/checkout/product/add_to_cart', { data: { productId: CHECKOUT_SKU, quantity: 1 } });
  expect(r.ok(), await r.text()).toBe(true);
  const name = ((await r.json()) as { body: { basket: { productItems: { productName: string }[] } } }).body.basket.productItems[0]?.productName;
  expect(name).toBeTruthy();
  return name ?? '';
}

async function openByKeyboard(page: Page) {
  const opener = page.getByRole('region', { name: 'Express checkout sign in' }).getByRole('button', { name: 'Sign In' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog).toBeVisible();
  return { opener, dialog };
}

test('a guest signs in from the checkout by keyboard and goes on as the account, the bag kept and the saved address offered', async ({
  page,
  playwright,
  baseURL,
  isMobile,
}) => {
  const email = await accountWithSavedAddress((options) => playwright.request.newContext({ baseURL, ...options }));
  const product = await guestBag(page);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeVisible();
  // The e-mail typed in the checkout starts the dialog's form.
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  const { dialog } = await openByKeyboard(page);
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await expect(dialog.getByRole('button', { name: 'Forgot Password?' })).toBeVisible();
  // The e-mail is there, so the password is next.
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/checkout\?step=updateShippingAddress/);
  await expect(page.getByText('Login completed successfully')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Ann Lee/ })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Express checkout sign in' })).toHaveCount(0);
  if (isMobile) await page.getByRole('button', { name: 'Show order summary' }).click();
  await expect(page.getByRole('complementary', { name: 'Order Summary' }).getByText(product)).toBeVisible();
});

test("a wrong password shows the store's message and the dialog stays open", async ({ page, playwright, baseURL }) => {
  const email = await accountWithSavedAddress((options) => playwright.request.newContext({ baseURL, ...options }));
  await guestBag(page);
  await page.goto('/checkout');
  await hydrated(page);
  // The checkout moves focus to the step's heading once it has loaded; the opener is reached from there.
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeFocused();
  const { dialog } = await openByKeyboard(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('wrong-pass1');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The email or password you entered is incorrect.');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/checkout/);
});

test('Escape closes the dialog and focus goes back to its button; the open dialog passes axe', async ({ page }) => {
  await guestBag(page);
  await page.goto('/checkout');
  await hydrated(page);
  // The checkout moves focus to the step's heading once it has loaded; the opener is reached from there.
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeFocused();
  const { opener, dialog } = await openByKeyboard(page);
  await expect(dialog.getByLabel('Email')).toBeFocused();
  expect(await axeViolations(page, { within: ['dialog[open]'], everyImpact: true })).toEqual([]);
  // Focus stays inside: tabbing past the last control does not reach the page behind.
  for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a guest signs in from the bag and lands in the checkout as the account', async ({ page, playwright, baseURL }) => {
  const email = await accountWithSavedAddress((options) => playwright.request.newContext({ baseURL, ...options }));
  await guestBag(page);
  await page.goto('/cart');
  await hydrated(page);
  const { dialog } = await openByKeyboard(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByRole('radio', { name: /Ann Lee/ })).toBeChecked();
});

test('a signed-in shopper is not offered the express sign-in', async ({ page }) => {
  const email = `express-in-${randomUUID().slice(0, 8)}@example.com`;
  const reg = await page.request.post('/api/global/register', { data: { firstName: 'Ivy', lastName: 'In', email, password: PASSWORD } });
  expect(reg.ok()).toBe(true);
  await guestBag(page);
  await page.goto('/cart');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Your bag' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Express checkout sign in' })).toHaveCount(0);
});

/** The dialog's form module, loaded when the shopper reaches for the Sign In button. */
const SIGN_IN_FORM_MODULE = '**/_astro/ExpressSignInForm.*.js';

test('the dialog says its form is loading until it is there, then starts at the e-mail', async ({ page }) => {
  await guestBag(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(SIGN_IN_FORM_MODULE, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/cart');
  await hydrated(page);
  const { dialog } = await openByKeyboard(page);
  await expect(dialog.getByRole('status')).toHaveText('Loading…');
  await expect(dialog.getByLabel('Email')).toHaveCount(0);
  release();
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await expect(dialog.getByRole('status')).toHaveCount(0);
});

test('a form that cannot be loaded is reported in the dialog, and opening it again loads it', async ({ page }) => {
  await guestBag(page);
  let refuse = true;
  await page.route(SIGN_IN_FORM_MODULE, (route) => (refuse ? route.abort() : route.continue()));
  await page.goto('/cart');
  await hydrated(page);
  const first = await openByKeyboard(page);
  await expect(first.dialog.getByRole('alert')).toHaveText('The sign-in form could not be loaded. Close this and try again.');
  refuse = false;
  await page.keyboard.press('Escape');
  await expect(first.dialog).toBeHidden();
  const again = await openByKeyboard(page);
  await expect(again.dialog.getByLabel('Email')).toBeFocused();
  await expect(again.dialog.getByRole('alert')).toHaveCount(0);
});
