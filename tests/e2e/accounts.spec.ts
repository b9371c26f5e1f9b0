import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './hydration.ts';

let n = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${n++}.${test.info().project.name}@example.com`;

test.beforeEach(async ({ context }) => {
  // Each test is its own client address for the sign-in limits (the servers trust X-Forwarded-For in tests).
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.9.${n++ & 255}.${Math.floor(Math.random() * 250)}` });
});

async function addToBag(page: Page, path: string, choices: string[]) {
  await page.goto(path);
  await hydrated(page);
  for (const c of choices) await page.getByRole('button', { name: c, exact: true }).click();
  await page.getByRole('button', { name: 'Add to Bag' }).click();
  await expect(page.getByRole('dialog', { name: 'Added to your bag' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.goto('/my-account');
  await hydrated(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test('register → sign out → sign in with keep-me-signed-in → the guest bag is merged', async ({ page, context }) => {
  const email = uniqueEmail('journey');
  await page.goto('/register?isopen=true');
  await hydrated(page);
  const create = page.getByRole('region', { name: 'Create Account' });
  await create.getByLabel('First Name').fill('Robin');
  await create.getByLabel('Last Name').fill('Shopper');
  await create.getByLabel('Email').fill(email);
  const password = create.getByLabel('Create Password');
  await password.fill('abc');
  const rules = create.getByRole('list', { name: 'Password requirements' });
  await expect(rules.getByText('8-16 Characters')).toHaveAttribute('data-met', 'false');
  await expect(create.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  await password.fill('abcd1234');
  await expect(rules.getByText('1 Number')).toHaveAttribute('data-met', 'true');
  await create.getByRole('button', { name: 'Show' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByRole('heading', { name: 'Hello, Robin' })).toBeVisible();

  await signOut(page);
  await addToBag(page, '/p/everyday-crew-tee-fb-1001', ['Black', 'M']);

  await page.goto('/register');
  await hydrated(page);
  const signIn = page.getByRole('region', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill('wrong-pass1');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(signIn.getByRole('alert')).toHaveText('The email or password you entered is incorrect.');
  await expect(signIn.getByLabel('Email')).toHaveValue(email); // typed data survives a failed submit
  await signIn.getByLabel('Password', { exact: true }).fill('abcd1234');
  await signIn.getByLabel('Keep me signed in').check();
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  const sid = (await context.cookies()).find((c) => c.name === 'sid')!;
  expect(sid.expires).toBeGreaterThan(Date.now() / 1000 + 89 * 86400);

  await page.goto('/cart');
  await expect(page.getByRole('listitem', { name: /Everyday Crew Tee, Black, M/ })).toBeVisible();
});

test('a merge that changes the bag sends the shopper to the bag with its message', async ({ page }) => {
  const email = uniqueEmail('merge');
  // The account's stored bag already holds 9 of the 10 a shopper may order of this size.
  expect(
    (await page.request.post('/api/global/register', { data: { firstName: 'Mia', lastName: 'Merge', email, password: 'abcd1234' } })).status(),
  ).toBe(200);
  expect((await page.request.post('/api/checkout/product/add_to_cart', { data: { productId: 'ww-2003-nvy-M', quantity: 9 } })).status()).toBe(200);
  expect((await page.request.post('/api/global/logout', { data: {} })).status()).toBe(200);
  // As a guest, 3 more of it.
  expect((await page.request.post('/api/checkout/product/add_to_cart', { data: { productId: 'ww-2003-nvy-M', quantity: 3 } })).status()).toBe(200);

  await page.goto('/register');
  await hydrated(page);
  const signIn = page.getByRole('region', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill('abcd1234');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/cart\?source=newcheckout$/);
  await expect(page.getByRole('status').filter({ hasText: 'We could add only 1 more of Relaxed Blazer.' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: /Relaxed Blazer, Navy, M/ }).getByLabel('Quantity')).toHaveValue('10');
});

test('forgot password → link from the outbox → new password → the old session is gone', async ({ page, browser }) => {
  const email = uniqueEmail('forgot');
  // An "old" device, signed in.
  const oldDevice = await browser.newContext();
  const old = await oldDevice.newPage();
  await old.goto('/register');
  await hydrated(old);
  const create = old.getByRole('region', { name: 'Create Account' });
  await create.getByLabel('First Name').fill('Kim');
  await create.getByLabel('Last Name').fill('Reset');
  await create.getByLabel('Email').fill(email);
  await create.getByLabel('Create Password').fill('first1234');
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(old).toHaveURL(/\/my-account$/);

  await page.goto('/register');
  await hydrated(page);
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  const form = page.getByRole('form', { name: 'Forgot password' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(form.getByRole('status')).toHaveText(`A link has been sent to ${email}`);

  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  await page
    .getByRole('link', { name: /reset-password\?token=/ })
    .first()
    .click();
  await hydrated(page);
  await page.getByLabel('New Password', { exact: true }).fill('second5678');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByRole('heading', { name: 'Hello, Kim' })).toBeVisible();

  await old.goto('/my-account');
  await expect(old).toHaveURL(/\/register\?isopen=true&original=%2Fmy-account/);
  await oldDevice.close();
});

test('a used or unknown reset link says so before a password is typed', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token');
  await expect(page.getByText('This reset link has expired or was already used. Please ask for a new one.')).toBeVisible();
  await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /new link|Forgot/i })).toBeVisible();
});

test("signed in, the header's account flyout offers Sign Out, which signs out", async ({ page }) => {
  const res = await page.request.post('/api/global/register', {
    data: { firstName: 'Flyout', lastName: 'F', email: uniqueEmail('flyout'), password: 'abcd1234' },
  });
  expect(res.status()).toBe(200);
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  const account = page.getByRole('button', { name: 'Account', exact: true });
  await account.click();
  const flyout = page.getByRole('dialog', { name: 'Account' });
  await flyout.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  const me = await (await page.request.get('/api/global/me')).json();
  expect(me.body.authenticated).toBe(false);
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeAttached();
});

/** Opens /register and the local provider's popup; the page records a loginFailure event on the body. */
async function openLocalPopup(page: Page): Promise<Page> {
  await page.goto('/register');
  await hydrated(page);
  await page.evaluate(() => window.addEventListener('loginFailure', () => document.body.setAttribute('data-login-failure', '1')));
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Local ID (test)' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Local ID' })).toBeVisible();
  return popup;
}

async function expectSocialFailure(page: Page) {
  await expect(page.getByRole('alert')).toHaveText('Social sign-in did not complete. Please try again.', { timeout: 10_000 });
  await expect(page.locator('body')).toHaveAttribute('data-login-failure', '1');
}

test('social sign-in through the popup with the local provider: success', async ({ page }) => {
  const popup = await openLocalPopup(page);
  expect(popup.viewportSize()).toEqual({ width: 400, height: 600 });
  await popup.getByLabel('Email').fill('ada.social@example.com');
  await popup.getByLabel('Password').fill('ada-social-1');
  // Listened for before the click: the popup may close before the click's own wait ends.
  const closed = popup.waitForEvent('close', { timeout: 10_000 });
  await popup.getByRole('button', { name: 'Continue' }).click();
  // The opener polls the socialLogin cookie, closes the popup and reloads; signed in, /register moves on.
  await closed;
  await expect(page).toHaveURL(/\/my-account$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Hello, Ada' })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'socialLogin')).toBeUndefined();
});

test('social sign-in through the popup: cancelled at the provider fails cleanly', async ({ page }) => {
  const popup = await openLocalPopup(page);
  const closed = popup.waitForEvent('close', { timeout: 10_000 });
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await closed;
  await expectSocialFailure(page);
  await expect(page).toHaveURL(/\/register$/);
});

test('social sign-in through the popup: closing the popup is a failure too', async ({ page }) => {
  await (await openLocalPopup(page)).close();
  await expectSocialFailure(page);
});

test('social sign-in adds a product held for the wishlist, then returns to the page asked for', async ({ page }) => {
  await page.goto('/register?isopen=true&loginFromCartCTA=true&original=/cart&scope=wishlist&wishlistPID=jl-4005-cor-M');
  await hydrated(page);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Local ID (test)' }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill('grace.social@example.com');
  await popup.getByLabel('Password').fill('grace-social-1');
  const closed = popup.waitForEvent('close', { timeout: 10_000 });
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
  await expect(page).toHaveURL(/\/cart$/, { timeout: 10_000 });
  const list = (await (await page.request.post('/api/global/wishlist/getWishlist', { data: {} })).json()).body;
  expect(list.c_items).toContain('jl-4005-cor-M');
});
