import { expect, test, type Locator, type Page } from '@playwright/test';
import { hydrated } from './hydration.ts';

/**
 * Browsing details on both viewports: where focus lands after an action, modal sizes, the search panel, the promo
 * bar and popovers, quick shop and the mini bag, touch targets, the account flyout's Sign Out, and smaller points
 * (sign-in links, dead reset links, prices, the phone header, hydration). Each test names the behaviour it guards.
 */
let n = 0;
test.beforeEach(async ({ context }) => {
  // Each test is its own client address for the server's per-client limits (the test servers trust X-Forwarded-For).
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.10.${n++ & 255}.${Math.floor(Math.random() * 250)}` });
});

const addViaApi = async (page: Page, productId: string) => {
  const res = await page.request.post('/api/checkout/product/add_to_cart', { data: { quantity: 1, productId } });
  expect(res.status(), productId).toBe(200);
};
const box = async (l: Locator) => (await l.boundingBox())!;

test.describe('focus after an action', () => {
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
    test.skip(isMobile, 'thumbnails are desktop only');
    await page.goto('/p/silky-tie-neck-blouse-ww-2001');
    await hydrated(page);
    const thumbs = page.getByRole('list', { name: 'Thumbnails' });
    await thumbs.getByRole('button', { name: '+1 more' }).focus();
    await page.keyboard.press('Enter');
    await expect(thumbs.getByRole('button', { name: /more$/ })).toHaveCount(0);
    await expect(thumbs.getByRole('listitem').nth(4).getByRole('button')).toBeFocused();
  });

  test('the waitlist: an empty e-mail says so; joining moves focus to the confirmation', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (r) => r.url().includes('/api/pdp/joinWaitlist') && sent.push(r.postData() ?? ''));
    await page.goto('/p/quilted-vest-fb-1006');
    await hydrated(page);
    await page.getByRole('button', { name: 'Olive (out of stock)' }).click();
    await page.getByRole('button', { name: 'M (out of stock)' }).click();
    const form = page.getByRole('form', { name: /sold out/ });
    await form.getByRole('button', { name: 'Join Waitlist' }).click();
    // The empty submit is not silent (and still sends nothing).
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Email is required');
    await expect(form.getByLabel('Email')).toBeFocused();
    expect(sent).toEqual([]);
    await form.getByLabel('Email').fill(`focus.${Date.now()}.${n++}@example.com`);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: "You're on the list." })).toBeFocused();
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
});

test.describe('modal sizes', () => {
  test('Product Zoom fills the screen, shows the whole picture, and zoomed in shows it larger than the page', async ({ page }) => {
    await page.goto('/p/silky-tie-neck-blouse-ww-2001');
    await hydrated(page);
    const pageImage = await box(page.locator('.gallery .embla-slide img').first());
    await page.getByRole('button', { name: 'Enlarge image' }).click();
    const zoom = page.getByRole('dialog', { name: 'Product Zoom' });
    await expect(zoom).toBeVisible();
    const viewport = page.viewportSize()!;
    const z = await box(zoom);
    expect(Math.round(z.width)).toBe(viewport.width);
    expect(Math.round(z.height)).toBe(viewport.height);
    // At 1x the whole picture fits the window (on a short window that is smaller than the page's, cut by the fold);
    // zoomed in, it is larger than the page's.
    const picture = zoom.getByRole('img');
    expect((await box(picture)).y + (await box(picture)).height).toBeLessThanOrEqual(viewport.height);
    await zoom.getByRole('button', { name: 'Zoom in' }).click();
    await zoom.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await box(picture)).height).toBeGreaterThan(pageImage.height);
  });

  test('Quick Shop is extra large on a desktop', async ({ page, isMobile }) => {
    test.skip(isMobile, 'a phone shows every modal at the screen width');
    await page.goto('/c/tops');
    await page.waitForLoadState('networkidle');
    await page
      .getByRole('button', { name: /^Quick Shop / })
      .first()
      .click();
    const quick = page.getByRole('dialog', { name: 'Quick Shop' });
    await expect(quick.getByRole('button', { name: /Add to Bag|Select/ }).first()).toBeVisible();
    expect((await box(quick)).width).toBeGreaterThan(1000);
  });
});

test.describe('search box', () => {
  test('no empty panel on first focus; one clear button while typing', async ({ page }) => {
    await page.goto('/home');
    await page.waitForLoadState('networkidle');
    const search = page.getByRole('combobox', { name: 'Search' });
    await search.click();
    // Nothing to show yet (no recent searches, nothing typed): no panel.
    await expect(page.locator('#search-panel')).toBeHidden();
    await search.pressSequentially('jea');
    await expect(page.locator('#search-panel').getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear search' })).toBeVisible();
    // A type=search field draws the browser's own clear (×) beside ours: the field is a plain text field.
    await expect(search).toHaveAttribute('type', 'text');
    await expect(search).toHaveAttribute('enterkeyhint', 'search');
  });
});

test.describe('promo bar', () => {
  test('the dots stay on one line and play/pause is a drawn icon', async ({ page }) => {
    await page.goto('/home');
    const bar = page.getByRole('region', { name: 'Promotions' });
    const dots = bar.locator('.promo-dot');
    const count = await dots.count();
    expect(count).toBeGreaterThan(1);
    const tops = new Set<number>();
    for (let i = 0; i < count; i++) tops.add(Math.round((await box(dots.nth(i))).y));
    expect([...tops]).toHaveLength(1);
    const toggle = bar.getByRole('button', { name: 'Pause promotions' });
    await expect(toggle).toHaveText('');
    await expect(toggle.locator('svg')).toBeVisible();
    await toggle.click();
    await expect(bar.getByRole('button', { name: 'Play promotions' }).locator('svg')).toBeVisible();
  });
});

test.describe('header popovers', () => {
  test('the country popover opens under its button; Ship internationally opens the country switcher', async ({ page }) => {
    await page.goto('/home');
    await page.waitForLoadState('networkidle');
    const button = page.getByRole('button', { name: /Shipping to United States/ });
    await button.click();
    const popover = page.getByRole('dialog', { name: 'Shipping country' });
    await expect(popover).toBeVisible();
    const b = await box(button);
    const p = await box(popover);
    expect(p.y).toBeGreaterThanOrEqual(b.y + b.height - 1);
    expect(p.y).toBeLessThan(b.y + b.height + 16);
    expect(p.x).toBeLessThan(b.x + b.width);
    expect(p.x + p.width).toBeGreaterThan(b.x);
    await popover.getByRole('button', { name: 'Ship internationally' }).click();
    await expect(page).toHaveURL(/openCountrySwitcher=true/);
    const switcher = page.getByRole('dialog', { name: 'Choose your shipping country' });
    await expect(switcher).toBeVisible();
    await expect(switcher.getByRole('button', { name: 'Ship internationally' })).toHaveCount(0);
    await expect(switcher.getByLabel('Country')).toBeVisible();
  });

  test('the Style Boxes popover opens under its button', async ({ page, isMobile }) => {
    test.skip(isMobile, 'Style Boxes is a desktop header link');
    await page.goto('/home');
    await page.waitForLoadState('networkidle');
    const button = page.getByRole('button', { name: 'Style Boxes' });
    await button.click();
    const popover = page.getByRole('dialog', { name: /./ }).filter({ has: page.getByRole('link', { name: 'Get started' }) });
    await expect(popover).toBeVisible();
    const b = await box(button);
    const p = await box(popover);
    expect(p.y).toBeGreaterThanOrEqual(b.y + b.height - 1);
    expect(p.y).toBeLessThan(b.y + b.height + 16);
    expect(p.x).toBeLessThan(b.x + b.width);
    expect(p.x + p.width).toBeGreaterThan(b.x);
  });
});

test.describe('quick shop and the mini bag', () => {
  test('adding from Quick Shop closes it under the added-to-bag modal', async ({ page }) => {
    await page.goto('/c/tops');
    await page.waitForLoadState('networkidle');
    const opener = page.getByRole('button', { name: 'Quick Shop Everyday Crew Tee' });
    await opener.click();
    const quick = page.getByRole('dialog', { name: 'Quick Shop' });
    await quick.getByRole('button', { name: 'Black', exact: true }).click();
    await quick.getByRole('button', { name: 'M', exact: true }).click();
    await quick.getByRole('button', { name: 'Add to Bag' }).click();
    const added = page.getByRole('dialog', { name: 'Added to your bag' });
    await expect(added).toBeVisible();
    await expect(quick).toBeHidden();
    await added.getByRole('button', { name: 'Continue Shopping' }).click();
    await expect(added).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('with four lines the mini bag keeps its subtotal, View bag and Checkout on screen', async ({ page }) => {
    for (const id of ['ww-2001-ivr-M', 'fb-1001-blk-M', 'ww-2001-blk-M', 'fb-1001-nvy-M']) await addViaApi(page, id);
    await page.goto('/home');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Bag preview' }).click();
    const flyout = page.getByRole('dialog', { name: 'Your bag' });
    await expect(flyout.getByRole('listitem')).toHaveCount(4);
    await expect(flyout.getByTestId('minibag-subtotal')).toBeInViewport({ ratio: 1 });
    await expect(flyout.getByRole('link', { name: 'View bag' })).toBeInViewport({ ratio: 1 });
    await expect(flyout.getByRole('link', { name: 'Checkout now' })).toBeInViewport({ ratio: 1 });
  });
});

test.describe('touch targets', () => {
  test("the bag's quantity control and the gift card terms are thumb-sized", async ({ page, isMobile }) => {
    test.skip(!isMobile, 'touch targets on a phone');
    await addViaApi(page, 'ww-2001-ivr-M');
    await page.goto('/cart');
    await hydrated(page);
    const quantity = page.getByRole('list', { name: 'Items in your bag' }).getByLabel('Quantity');
    const q = await box(quantity);
    expect(q.height).toBeGreaterThanOrEqual(44);
    expect(q.width).toBeGreaterThanOrEqual(44);

    await page.goto('/p/gift-card-gc-2');
    await hydrated(page);
    const terms = page.getByRole('button', { name: 'Gift card terms' });
    const t = await box(terms);
    expect(t.height).toBeGreaterThanOrEqual(44);
    const add = await box(page.getByRole('button', { name: 'Add to Bag' }));
    // Not touching: at least 8 px between the two.
    const gap = add.y > t.y ? add.y - (t.y + t.height) : t.y - (add.y + add.height);
    expect(gap).toBeGreaterThanOrEqual(8);
  });
});

test.describe('the account flyout', () => {
  test('signed in, the account flyout offers Sign Out, which signs out', async ({ page }) => {
    const res = await page.request.post('/api/global/register', {
      data: { firstName: 'Flyout', lastName: 'F', email: `flyout.${Date.now()}.${n++}@example.com`, password: 'abcd1234' },
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
});

test.describe('sign-in links, reset links, prices, the phone header and hydration', () => {
  test("'Please sign in to use this code' links to sign-in and back to the bag", async ({ page }) => {
    await addViaApi(page, 'ww-2001-ivr-M');
    await page.goto('/cart');
    await hydrated(page);
    await page.getByLabel('Enter a promo code').fill('RC12345678901234567');
    await page.getByRole('button', { name: 'Apply' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Please sign in to use this code.' });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/register?isopen=true&original=%2Fcart');
  });

  test('a used or unknown reset link says so before a password is typed', async ({ page }) => {
    await page.goto('/reset-password?token=not-a-real-token');
    await expect(page.getByText('This reset link has expired or was already used. Please ask for a new one.')).toBeVisible();
    await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /new link|Forgot/i })).toBeVisible();
  });

  test('/quick-order shows the price once', async ({ page }) => {
    await page.goto('/quick-order?q=fb-1001');
    await hydrated(page);
    const item = page.getByRole('region', { name: 'Item fb-1001' });
    await expect(item.locator('.price')).toHaveCount(1);
  });

  test('the phone header leaves room for content', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'phone header');
    await page.goto('/home');
    await page.waitForLoadState('networkidle');
    const header = await box(page.locator('[data-site-header]'));
    expect(header.y + header.height).toBeLessThanOrEqual(200);
  });

  test('a product page hydrates without errors and rewrites its URL at most once, whatever the query and cookies', async ({
    page,
    context,
    baseURL,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await context.addCookies([{ name: 'recentlyViewed', value: 'fb-1002|ww-2001', url: baseURL! }]);
    await page.addInitScript(() => {
      const original = history.replaceState.bind(history);
      (window as unknown as { __rewrites: string[] }).__rewrites = [];
      history.replaceState = (data, unused, url) => {
        (window as unknown as { __rewrites: string[] }).__rewrites.push(String(url));
        original(data, unused, url);
      };
    });
    await page.goto('/p/silky-tie-neck-blouse-ww-2001?color=blk&size=M&search_term=blouse');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Black', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.waitForLoadState('networkidle');
    const rewrites = await page.evaluate(() => (window as unknown as { __rewrites: string[] }).__rewrites);
    // Every rewrite keeps the shopper's colour and size; none drops them on the way.
    for (const url of rewrites) expect(url).toMatch(/color=blk.*size=M|size=M.*color=blk/);
    expect(rewrites.length).toBeLessThanOrEqual(1);
    expect(errors.filter((e) => /hydrat|#418|#425|Minified React error/i.test(e))).toEqual([]);
  });
});
