import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';

/**
 * The footer's e-mail sign-up on every page (checkout spec §1, §2, §5, §9): the offer, the spec's field messages at
 * the field, and the thanks once the server has taken the address; by keyboard, on a desktop and a phone.
 */
// The form is the page's HTML; its script marks it once it has taken the form over.
const signupReady = (page: Page) => expect(page.locator('footer form[data-ready]')).toHaveCount(1);

const unique = () => `footer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function footerSignup(page: Page, path: string) {
  await page.goto(path);
  const region = page.getByRole('contentinfo').getByRole('region', { name: 'Get 40% off' });
  await region.scrollIntoViewIfNeeded();
  await signupReady(page);
  return region;
}

for (const path of ['/home', '/p/everyday-crew-tee-fb-1001', '/cart', '/gift-card-balance']) {
  test(`the footer of ${path} offers the sign-up with 40% off for marketing texts`, async ({ page }) => {
    const region = await footerSignup(page, path);
    await expect(region.getByText('Sign up for e-mails, then for marketing texts, and get 40% off your next order.')).toBeVisible();
    await expect(region.getByRole('textbox', { name: 'E-mail address' })).toBeVisible();
    await expect(region.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  });
}

test('an empty or invalid address gets the spec’s message at the field; a valid one is thanked', async ({ page }, info) => {
  const region = await footerSignup(page, '/home');
  const field = region.getByRole('textbox', { name: 'E-mail address' });
  await region.getByRole('button', { name: 'Sign Up' }).click();
  await expect(region.getByText('Error: The email field is required')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(field).toHaveAccessibleDescription('Error: The email field is required');

  await field.fill('ann@example');
  await field.press('Enter');
  await expect(region.getByText('Error: The email field value is invalid')).toBeVisible();
  expect(await axeViolations(page, { within: ['footer'] })).toEqual([]);
  await region.screenshot({ path: `/tmp/footer-signup-error-${info.project.name}.png` });

  const email = unique();
  await field.fill(email);
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/order-confirmation/emailSubscription'));
  await field.press('Enter');
  expect((await posted).postDataJSON()).toEqual({ email, salesChannel: 'web', place: 'footer' });
  await expect(region.getByRole('status')).toHaveText(`Thanks! ${email} is signed up for news and offers.`);
  expect(await axeViolations(page, { within: ['footer'] })).toEqual([]);
  await region.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/footer-signup-done-${info.project.name}.png` });
});

test('the checkout’s footer has the same sign-up, under the same rule', async ({ page }) => {
  await page.goto('/home');
  expect((await page.request.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1001-blk-M', quantity: 1 } })).status()).toBe(200);
  await page.goto('/checkout');
  const region = page.getByRole('contentinfo').getByRole('region', { name: 'Get 40% off' });
  await region.scrollIntoViewIfNeeded();
  await signupReady(page);
  await region.getByRole('textbox', { name: 'E-mail address' }).fill('not an address');
  await region.getByRole('button', { name: 'Sign Up' }).click();
  await expect(region.getByText('Error: The email field value is invalid')).toBeVisible();
});

// The server's refusal of an eleventh sign-up from one address in 15 minutes (tests/api/email-signup-api.spec.ts).
const SIGNUP_TOO_MANY = 'Too many sign-ups. Please wait a few minutes and try again.';

test('a refusal the shopper can act on shows at the field; any other failure leaves the button working again', async ({ page }) => {
  const region = await footerSignup(page, '/home');
  const field = region.getByRole('textbox', { name: 'E-mail address' });
  const button = region.getByRole('button', { name: 'Sign Up' });
  // The server's answers as the endpoint gives them: too many sign-ups from this address, then a store that is away.
  const answers = [
    { status: 429, body: { status: 'error', message: SIGNUP_TOO_MANY } },
    { status: 503, body: { status: 'error', message: 'The store is not answering.' } },
  ];
  await page.route('**/api/order-confirmation/emailSubscription', (route) => {
    const answer = answers.shift()!;
    return route.fulfill({ status: answer.status, contentType: 'application/json', body: JSON.stringify(answer.body) });
  });
  await field.fill(unique());
  await button.click();
  await expect(region.getByText(SIGNUP_TOO_MANY)).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveAccessibleDescription(SIGNUP_TOO_MANY);

  await field.fill(unique());
  await button.click();
  await expect.poll(() => answers.length).toBe(0);
  await expect(button).toBeEnabled();
  await expect(field).toHaveAttribute('aria-invalid', 'false');
  await expect(region.getByRole('status')).toHaveCount(0);
});
