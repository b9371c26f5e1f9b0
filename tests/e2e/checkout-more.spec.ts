import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './hydration.ts';

/**
 * Checkout journeys beyond the guest's card order: an e-gift-card-only bag (no shipping step), a signed-in shopper
 * with a saved address and a saved card, the whole guest checkout by keyboard alone, every field's error at once,
 * and axe on every step.
 */
const SKU = 'fb-1002-olv-M';

const add = async (page: Page, data: Record<string, unknown>) => {
  const r = await page.request.post('/api/checkout/product/add_to_cart', { data: { quantity: 1, ...data } });
  expect(r.ok(), await r.text()).toBe(true);
};

async function fillAddress(page: Page, prefix = '') {
  const scope = prefix ? page.getByRole('group', { name: prefix }) : page;
  await scope.getByLabel('First Name').fill('Ada');
  await scope.getByLabel('Last Name').fill('Lovelace');
  await scope.getByLabel('Address', { exact: true }).fill('12 Main St');
  await page.keyboard.press('Escape');
  await scope.getByLabel('City').fill('Springfield');
  await scope.getByLabel('State').selectOption('IL');
  await scope.getByLabel('ZIP Code').fill('62701');
  await scope.getByLabel('Phone').fill('2175550134');
}

async function fillCard(page: Page, number = '4242424242424242') {
  await page.getByLabel('Name on Card').fill('Ada Lovelace');
  await page.getByLabel('Card Number').fill(number);
  await page.getByLabel('Expiration Date MM/YY').fill('1234');
  await page.getByLabel('Security Code').fill('123');
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('main').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test("the first step's frame comes with the page's HTML, inert and hidden from assistive technology, until the checkout is read", async ({
  page,
}) => {
  await add(page, { productId: SKU });
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/checkout/state', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/checkout');
  await hydrated(page);
  // Painted from the HTML, before any read: the step's frame is on screen, but nothing in it can be used or heard.
  await expect(page.getByText('Email me about new arrivals and offers')).toBeVisible();
  // Said on screen too (not only to assistive technology), in the window wherever the shopper has scrolled.
  const loading = page.getByRole('status').filter({ hasText: 'Loading your checkout…' });
  await expect(loading).toBeInViewport();
  expect((await loading.boundingBox())?.width).toBeGreaterThan(100);
  await expect(page.getByRole('heading', { name: 'Login Details' })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  // Tab from the top of the page to the footer: nothing in the frame takes focus on the way (two presses stopped
  // at the skip link and the logo, before the frame, and passed whatever the frame held).
  const focusedInFrame: string[] = [];
  for (let i = 0; i < 30 && !(await page.evaluate(() => !!document.activeElement?.closest('footer'))); i++) {
    await page.keyboard.press('Tab');
    const inFrame = await page.evaluate(() => (document.activeElement?.closest('.checkout-layout') ? document.activeElement.outerHTML : null));
    if (inFrame) focusedInFrame.push(inFrame);
  }
  expect(focusedInFrame).toEqual([]);
  await expect(page.getByRole('link', { name: /^1-800/ })).toBeFocused();
  release();
  // The real step replaces it: its heading takes focus and its fields take typing.
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeFocused();
  await page.getByLabel('Email', { exact: true }).fill('frame@example.com');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('frame@example.com');
  await expect(page.getByRole('status').filter({ hasText: 'Loading your checkout' })).toHaveCount(0);
});

test('an e-gift-card-only bag has no shipping step and asks for its own billing address', async ({ page }) => {
  await add(page, { productId: 'egc-3-egc-25', c_giftCardRecipient: 'Bo', c_giftCardSender: 'Ada', c_giftCardRecipientEmail: 'bo@example.com' });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Checkout progress' })).not.toContainText('Shipping');
  await expect(page.getByLabel('First Name')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Email' }).fill('egift@example.com');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeFocused();
  await expect(page.getByLabel('Same as shipping address')).toHaveCount(0);
  await fillCard(page);
  await fillAddress(page, 'Billing Address');
  await page.getByRole('button', { name: 'Review Order' }).click();
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);
});

test('a signed-in shopper checks out with a saved address and a saved card', async ({ page }) => {
  const email = `saved-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const reg = await page.request.post('/api/global/register', { data: { firstName: 'Sam', lastName: 'Saved', email, password: 'abcd1234' } });
  expect(reg.ok()).toBe(true);
  // First order: the address and the card are saved to the profile on the way.
  await add(page, { productId: SKU });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Shipping Address' })).toBeVisible();
  await expect(page).toHaveURL(/step=updateShippingAddress/);
  // The account's name starts the new address.
  await expect(page.getByLabel('First Name')).toHaveValue('Sam');
  await expect(page.getByLabel('Last Name')).toHaveValue('Saved');
  // Pressed with the rest missing, Save and Continue says what is missing and goes to the first of it.
  await expect(page.getByRole('button', { name: 'Save and Continue' })).toBeEnabled();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByRole('combobox', { name: 'Address' })).toBeFocused();
  await expect(page.getByText('Address is required')).toBeVisible();
  await expect(page.getByText('Please check that your information is valid')).toBeVisible();
  await fillAddress(page);
  await expect(page.getByLabel('Save this address to my profile')).toBeChecked();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL(/step=updateShippingMethod/);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await fillCard(page);
  await page.getByLabel(/Save this card/).check();
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByRole('term').filter({ hasText: 'Billing Address' })).toBeVisible();
  await page.getByRole('button', { name: /Place Order/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation/);

  // Second order: the saved address and the saved card are offered and chosen by default.
  await add(page, { productId: SKU });
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Ada Lovelace/ })).toBeChecked();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
  await expect(page.getByLabel('Card Number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Review Order' }).click();
  // Change Billing Address from review: the billing form alone, then back to review with the new address.
  await page.getByRole('button', { name: 'Change Billing Address' }).click();
  await expect(page.getByRole('heading', { name: 'Billing Address' })).toBeFocused();
  await expect(page.getByLabel('Card Number')).toHaveCount(0);
  await page.getByLabel('Same as shipping address').uncheck();
  await fillAddress(page, 'Billing Address');
  await page.getByRole('group', { name: 'Billing Address' }).last().getByLabel('City').fill('Albany');
  await page.getByRole('group', { name: 'Billing Address' }).last().getByLabel('State').selectOption('NY');
  await page.getByRole('group', { name: 'Billing Address' }).last().getByLabel('ZIP Code').fill('12207');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeFocused();
  await expect(page.getByText('Albany, NY 12207')).toBeVisible();
  // Place Order with the saved card's security code empty, then all zeros: the reason, on the field.
  const placeOrder = page.getByRole('button', { name: /Place Order/ });
  const code = page.getByLabel(/Security code for Visa ending in 4242/);
  await expect(placeOrder).toBeEnabled();
  await placeOrder.click();
  await expect(code).toBeFocused();
  await expect(page.getByText('Security code is required')).toBeVisible();
  await expect(page.getByText('Please check that your information is valid')).toBeVisible();
  await code.fill('000');
  await page.getByRole('heading', { name: 'Review and Place Order' }).focus();
  await placeOrder.click();
  await expect(code).toBeFocused();
  await expect(page.getByText('Please enter a valid security code')).toBeVisible();
  await code.fill('123');
  await placeOrder.click();
  await expect(page).toHaveURL(/\/order-confirmation/);
});

test('every field shows its error at once when the shopper tries to continue, and focus goes to the first', async ({ page }) => {
  await add(page, { productId: SKU });
  await page.goto('/checkout');
  // The step has opened (its heading takes focus first); then the invalid submit.
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeFocused();
  // The button is not greyed out or disabled while something is missing: pressing it says what.
  await expect(page.getByRole('button', { name: 'Continue to Shipping' })).toBeEnabled();
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await expect(page.getByText('Please check that your information is valid')).toBeVisible();
  for (const message of [
    'Email is required',
    'First name is required',
    'Last name is required',
    'Address is required',
    'City is required',
    'State is required',
    'ZIP code is required',
    'Mobile phone is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await page.getByLabel('ZIP Code').fill('11111');
  await page.getByLabel('Phone').fill('1111111111');
  await expect(page.getByText('Valid email is required')).toBeVisible();
  await expect(page.getByText('Enter a valid ZIP code')).toBeVisible();
  await expect(page.getByText('Enter a valid mobile phone number')).toBeVisible();
});

test('Review Order pressed with the card or the billing address incomplete shows every error at once, focus on the first', async ({ page }) => {
  await add(page, { productId: SKU });
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Email' }).fill('pressed@example.com');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const review = page.getByRole('button', { name: 'Review Order' });
  await expect(review).toBeEnabled();
  await review.click();
  await expect(page.getByLabel('Name on Card')).toBeFocused();
  for (const message of ['Name on card is required', 'Card number is required', 'Expiration date is required', 'Security code is required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('Please check that your information is valid')).toBeVisible();

  await fillCard(page);
  await page.getByLabel('Same as shipping address').uncheck();
  await review.click();
  const billing = page.getByRole('group', { name: 'Billing Address' }).last();
  await expect(billing.getByLabel('First Name')).toBeFocused();
  await expect(billing.getByText('City is required')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
});

test('the whole guest checkout by keyboard alone', async ({ page }) => {
  await add(page, { productId: SKU });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeFocused();
  const type = async (label: string, text: string) => {
    // Tab until the field is focused (never clicking), then type.
    for (let i = 0; i < 30 && !(await page.getByLabel(label, { exact: true }).evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await page.keyboard.type(text);
  };
  await type('Email', 'keys@example.com');
  await type('First Name', 'Kay');
  await type('Last Name', 'Board');
  await type('Address', '9 Elm St');
  await page.keyboard.press('Escape');
  await type('City', 'Springfield');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Illinois');
  await type('ZIP Code', '62701');
  await type('Phone', '2175550134');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Shipping Method' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeFocused();
  await type('Name on Card', 'Kay Board');
  await type('Card Number', '4242424242424242');
  await type('Expiration Date MM/YY', '1234');
  await type('Security Code', '123');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeFocused();
  for (let i = 0; i < 30 && !(await page.getByRole('button', { name: /Place Order/ }).evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order-confirmation/);
});

test('axe finds no serious or critical violation on any step', async ({ page }) => {
  test.slow(); // five axe runs
  await add(page, { productId: SKU });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Login Details' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click({ force: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('textbox', { name: 'Email' }).fill('axe@example.com');
  await fillAddress(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping Method' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await fillCard(page);
  await page.getByRole('button', { name: 'Review Order' }).click();
  await expect(page.getByRole('heading', { name: 'Review and Place Order' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('signing in half-way: the account is recognised, and what was typed is still there after signing in', async ({ page, playwright, baseURL }) => {
  const email = `halfway-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  // The account exists already (made from another client, so this browser stays a guest).
  const other = await playwright.request.newContext({ baseURL });
  expect((await other.post('/api/global/register', { data: { firstName: 'Hal', lastName: 'Way', email, password: 'abcd1234' } })).ok()).toBe(true);
  await other.dispose();

  await add(page, { productId: SKU });
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await fillAddress(page);
  await expect(page.getByText('It looks like you already have an account.')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/register/);
  await hydrated(page);
  const signIn = page.getByRole('region', { name: 'Sign In' });
  // The e-mail just typed in the checkout is already there; the URL does not carry it.
  await expect(signIn.getByLabel('Email')).toHaveValue(email);
  expect(page.url()).not.toContain(encodeURIComponent(email));
  await signIn.getByLabel('Password', { exact: true }).fill('abcd1234');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByRole('heading', { name: 'Shipping Address' })).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await expect(page.getByLabel('City')).toHaveValue('Springfield');
  await expect(page.getByLabel('Phone')).toHaveValue('(217) 555-0134');
});

test('a street typed alone is completed with the ZIP code already typed; with none, the field says what to add', async ({ page }) => {
  await add(page, { productId: SKU });
  await page.goto('/checkout');
  const address = page.getByRole('combobox', { name: 'Address' });
  await address.fill('123 Main');
  await expect(page.getByRole('status').filter({ hasText: 'Add a comma and your city or ZIP code' })).toBeVisible();
  await address.fill('123 Main, Portl');
  await expect(page.getByRole('option', { name: '123 Main, Portland, OR 97201' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByLabel('ZIP Code').fill('62701');
  await address.fill('123 Main St');
  await page.getByRole('option', { name: '123 Main St, Springfield, IL 62701' }).click();
  await expect(address).toHaveValue('123 Main St');
  await expect(page.getByLabel('City')).toHaveValue('Springfield');
  await expect(page.getByLabel('State')).toHaveValue('IL');
});

test('an address in a state a line cannot ship to sends the shopper to the bag with the reason', async ({ page }) => {
  const product = (await (await page.request.post('/api/checkout/product/read', { data: { productId: 'rm-3001' } })).json()) as {
    body: { variants: { id: string; inStock: boolean; orderable: boolean }[] };
  };
  const variant = product.body.variants.find((v) => v.inStock && v.orderable);
  expect(variant).toBeDefined();
  await add(page, { productId: variant!.id });
  await page.goto('/checkout');
  await page.getByRole('textbox', { name: 'Email' }).fill('west@example.com');
  await fillAddress(page);
  await page.getByLabel('City').fill('Fresno');
  await page.getByLabel('State').selectOption('CA');
  await page.getByLabel('ZIP Code').fill('93701');
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await expect(page).toHaveURL(/\/cart\?source=newcheckout&isRestrictedShippingItem=true$/);
  await expect(page.getByRole('alert')).toContainText('cannot be shipped to California');
});
