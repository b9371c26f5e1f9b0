import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { STICKY_OFFSET_DESKTOP } from '#src/lib/header/constants.ts';
import { hydrated } from './hydration.ts';
import { PHONE_MAX_WIDTH } from '#src/lib/breakpoints.ts';
import { ownClientAddress } from './client-address.ts';

// Each browser a client address of its own: the store limits the accounts, sign-ins and codes one address may try.
test.beforeEach(({ context }) => ownClientAddress(context));

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) <= PHONE_MAX_WIDTH;

test.describe('promo bar', () => {
  test('autoplays every 6 s, pauses with the control and while hovered', async ({ page }) => {
    await page.clock.install();
    await page.goto('/home');
    const bar = page.getByRole('region', { name: 'Promotions' });
    const first = bar.getByText('Free Standard Delivery on $75 or more');
    const second = bar.getByText('Extra 15% off Willow & Wren with code SAVE15');
    await expect(first).toBeVisible();
    await expect(second).toBeHidden();
    await page.clock.runFor(6000);
    await expect(second).toBeVisible();
    await expect(first).toBeHidden();

    await bar.getByRole('button', { name: 'Pause promotions' }).click();
    await page.mouse.move(0, 600);
    await page.clock.runFor(13_000);
    await expect(second).toBeVisible();
    await bar.getByRole('button', { name: 'Play promotions' }).click();
    await page.mouse.move(0, 600);
    await page.clock.runFor(6000);
    await expect(bar.getByText('30% off Cove & Alder jeans')).toBeVisible();

    // Hovering pauses.
    await bar.hover();
    await page.clock.runFor(13_000);
    await expect(bar.getByText('30% off Cove & Alder jeans')).toBeVisible();
  });

  test('details open the promotion details; hidden on an excluded page', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('region', { name: 'Promotions' }).getByRole('button', { name: 'Details' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Free Standard Delivery on $75 or more' });
    await expect(dialog).toContainText('Standard Delivery is free');
    await expect(dialog.getByRole('link', { name: 'View all deals' })).toHaveAttribute('href', '/offers-coupons');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.goto('/cart');
    await expect(page.getByRole('region', { name: 'Promotions' })).toHaveCount(0);
  });
});

test.describe('brand tabs and country', () => {
  test('the logo leads home from any page', async ({ page }) => {
    await page.goto('/p/everyday-crew-tee-fb-1001');
    const logo = page.getByRole('banner').getByRole('link', { name: 'Seven Brands' });
    await expect(logo).toHaveAttribute('href', '/home');
    await logo.click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('new brand inserted at its place; the brand page is marked current', async ({ page }) => {
    await page.goto('/brand/ks');
    const tabs = page.getByRole('navigation', { name: 'Brands' }).getByRole('link');
    await expect(tabs.nth(2)).toContainText('Kestrel Shoe Co.');
    await expect(tabs.nth(2)).toHaveAttribute('aria-current', 'page');
  });

  test('international shipping reloads with openCountrySwitcher=true and flags the new pages off', async ({ page, context }) => {
    await page.goto('/home');
    await hydrated(page);
    await page.getByRole('button', { name: /Shipping to United States/ }).click();
    await page.getByRole('button', { name: 'Ship internationally' }).click();
    await expect(page).toHaveURL(/openCountrySwitcher=true/);
    await expect(page.getByRole('dialog', { name: 'Shipping country' })).toBeVisible();
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    expect(cookies).toMatchObject({ newPDP: 'false', newPDPVariant: 'false', newCart: 'false', newCartVariant: 'false' });
  });
});

test.describe('primary links', () => {
  test('the header row: Style Boxes, Catalog Quick Order, Deals, Card, Rewards, Sign In and the bag', async ({ page }) => {
    test.skip(isMobile(page), 'the phone has them in its menu');
    await page.goto('/home');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Style Boxes' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Catalog Quick Order' })).toHaveAttribute('href', '/quick-order');
    await expect(banner.getByRole('link', { name: 'Deals' })).toHaveAttribute('href', '/offers-coupons');
    await expect(banner.getByRole('button', { name: 'Card', exact: true })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Rewards' })).toHaveAttribute('href', '/rewards');
    await expect(banner.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(banner.getByRole('link', { name: /^Bag/ })).toHaveAttribute('href', '/cart');
  });

  test('the phone menu lists the same links first, Style Boxes aside, and the shared links after its entries', async ({ page }) => {
    test.skip(!isMobile(page), 'small screens only');
    await page.goto('/home');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Menu' }).click();
    const primary = page.getByRole('dialog', { name: 'Menu' }).getByRole('list').first();
    await expect(primary.getByRole('link')).toHaveText(['Catalog Quick Order', 'Card', 'Deals', 'Rewards', 'Sign In']);
    await expect(primary.getByRole('link', { name: 'Catalog Quick Order' })).toHaveAttribute('href', '/quick-order');
    await expect(primary.getByRole('link', { name: 'Card' })).toHaveAttribute('href', '/credit-card');
    await expect(primary.getByRole('link', { name: 'Deals' })).toHaveAttribute('href', '/offers-coupons');
    await expect(primary.getByRole('link', { name: 'Rewards' })).toHaveAttribute('href', '/rewards');
    await expect(primary.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/register?isopen=true');
    // The shared links (Deals and Rewards) follow the menu's entries: each is in the menu twice.
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Deals' })).toHaveCount(2);
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Rewards' })).toHaveCount(2);
  });
});

test.describe('flyouts', () => {
  test('account flyout by keyboard: focus moves in, Escape returns it; signed-out panel', async ({ page }) => {
    await page.goto('/home');
    await page.waitForLoadState('networkidle');
    const trigger = page.getByRole('button', { name: 'Sign In' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const flyout = page.getByRole('dialog', { name: 'Account' });
    await expect(flyout).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(flyout).toBeFocused();
    await expect(flyout.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/register?isopen=true');
    await expect(flyout.getByRole('link', { name: 'Create Account' })).toBeVisible();
    await expect(flyout.getByRole('link', { name: 'Track my order' })).toHaveAttribute('href', '/orders');
    await expect(flyout.getByRole('link', { name: 'Return an order' })).toHaveAttribute('href', '/orders');
    await page.keyboard.press('Escape');
    await expect(flyout).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('opens after the delay, the same label toggles, overlay and close button close', async ({ page }) => {
    test.skip(isMobile(page), 'the card link is in the menu on small screens');
    await page.goto('/home');
    await page.waitForLoadState('networkidle');
    const card = page.getByRole('button', { name: 'Card', exact: true });
    const flyout = page.getByRole('dialog', { name: 'The Seven Brands Card' });
    // A chat vendor's beacon (marked data-chat-beacon) hides while a flyout is open.
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<div data-chat-beacon data-testid="chat">Chat with us</div>'));
    const chat = page.getByTestId('chat');
    await expect(chat).toBeVisible();
    await card.click();
    await expect(flyout).toBeVisible();
    await expect(chat).toBeHidden();
    await card.click({ force: true });
    await expect(flyout).toBeHidden();
    await card.click();
    await expect(flyout).toBeVisible();
    // A different label: the card flyout gives way to the account flyout.
    await page.getByRole('button', { name: 'Sign In' }).click({ force: true });
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
    await expect(flyout).toBeHidden();
    await page.mouse.click(10, 700);
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeHidden();
    await card.click();
    await flyout.getByRole('button', { name: 'Close card panel' }).click();
    await expect(flyout).toBeHidden();
    await expect(card).toBeFocused();
    await expect(chat).toBeVisible();
  });

  // Hover opens after the 150 ms delay; a pointer that leaves and comes back within it (or a second mouseenter) must
  // not count as choosing the same label again, which would close it: the mini bag would then never open.
  test('the mini bag opens on hover even when the pointer leaves and comes back within the open delay', async ({ page }) => {
    test.skip(isMobile(page), 'hover is a desktop gesture');
    await page.goto('/c/tops/');
    await hydrated(page);
    const bag = page.locator('[data-minicart-hover]');
    const box = (await bag.boundingBox())!;
    await page.mouse.move(5, 700);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(5, 700);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByRole('dialog', { name: 'Your bag' })).toBeVisible();
  });

  test('mini bag after add to bag: lines, subtotal, View bag and Checkout now; closes when the pointer leaves', async ({ page }) => {
    await page.goto('/p/everyday-crew-tee-fb-1001?color=blk&size=M');
    await expect(page.getByRole('button', { name: 'Add to Bag' })).toBeEnabled();
    await page.getByRole('button', { name: 'Add to Bag' }).click();
    await expect(page.getByRole('link', { name: 'Bag, 1 item' })).toBeAttached();
    // The product page's added-to-bag confirmation is closed first.
    const added = page.getByRole('dialog', { name: 'Added to your bag' });
    await added.getByRole('button', { name: 'Continue Shopping' }).click();
    await expect(added).toBeHidden();
    await page.getByRole('button', { name: 'Bag preview' }).click();
    const mini = page.getByRole('dialog', { name: 'Your bag' });
    await expect(mini.getByRole('listitem', { name: /Everyday Crew Tee, Black, M/ })).toBeVisible();
    await expect(mini.getByTestId('minibag-subtotal')).toHaveText('$19.99');
    await expect(mini.getByRole('link', { name: 'View bag' })).toHaveAttribute('href', '/cart');
    await expect(mini.getByRole('link', { name: 'Checkout now' })).toHaveAttribute('href', '/checkout');
    // The count follows the mini bag's own quantity change through the shared store.
    await mini.getByLabel('Quantity').selectOption('2');
    await expect(page.getByRole('link', { name: 'Bag, 2 items' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(mini).toBeHidden();
    if (!isMobile(page)) {
      await page.mouse.move(5, 700);
      await page.getByRole('link', { name: 'Bag, 2 items' }).hover();
      await expect(mini).toBeVisible();
      await page.mouse.move(5, 700);
      await expect(mini).toBeHidden();
    }
  });
});

test.describe('mega menu', () => {
  test('desktop: panels open by mouse and keyboard; timed items follow New York time to the minute', async ({ page }) => {
    test.skip(isMobile(page), 'desktop menu');
    // 2030-06-01 09:00 New York (EDT) is 13:00 UTC: one minute before, the Summer Shop item is hidden.
    await page.clock.install({ time: new Date('2030-06-01T12:59:00Z') });
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: 'Shop by category' });
    await nav.getByRole('link', { name: 'Clothing' }).hover();
    await expect(nav.getByRole('link', { name: 'Jeans' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Summer Shop' })).toBeHidden();
    await page.clock.runFor(61_000);
    await expect(nav.getByRole('link', { name: 'Summer Shop' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Holiday Gift Guide', includeHidden: true })).toBeHidden();
    await page.mouse.move(5, 700);
    await nav.getByRole('button', { name: 'Shoes menu' }).click();
    await expect(nav.getByRole('button', { name: 'Shoes menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Boots' })).toBeVisible();
    await nav.getByRole('link', { name: 'Boots' }).click();
    await expect(page).toHaveURL(/\/c\/boots$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Boots' })).toBeVisible();
  });
});

test.describe('hamburger menu (small screens)', () => {
  test('opens with greeting, links, Shipping To and content areas; locks scroll; closing clears submenus', async ({ page }) => {
    test.skip(!isMobile(page), 'small screens only');
    await page.goto('/home');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeHidden();
    await expect(menu.getByText('Welcome')).toBeVisible();
    await expect(menu.getByText('Shipping To: United States')).toBeVisible();
    await expect(menu.getByRole('heading', { name: 'Customer Service' })).toBeVisible();
    await expect(page.locator('body')).toHaveClass(/scroll-locked/);
    const height = await menu.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBe((page.viewportSize()?.height ?? 0) - 110);
    await menu.getByRole('button', { name: 'Clothing' }).click();
    await expect(menu.getByRole('link', { name: 'Jeans' })).toBeVisible();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator('body')).not.toHaveClass(/scroll-locked/);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(menu.getByRole('button', { name: 'Clothing' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('sticky header', () => {
  test('becomes sticky past the offset and hides while scrolling down', async ({ page }) => {
    await page.goto('/home');
    await page.waitForLoadState('networkidle');
    const header = page.locator('[data-site-header]');
    await page.mouse.wheel(0, 600);
    await expect(header).toHaveClass(/is-sticky/);
    await expect(header).toHaveClass(/is-scrolling-down/);
    await page.mouse.wheel(0, -200);
    await expect(header).not.toHaveClass(/is-scrolling-down/);
  });
  test('scrolling down a little, the header leaves with the page: no empty band above the page', async ({ page }) => {
    await page.goto('/home');
    await page.waitForLoadState('networkidle');
    const header = page.locator('[data-site-header]');
    const height = (await header.boundingBox())!.height;
    const main = page.getByRole('main');
    const mainTop = async () => (await main.boundingBox())!.y;
    const startTop = await mainTop();
    // Less than the header's height, and past the desktop's sticky offset, so on a desktop the header is stuck and
    // sliding away while its place is still in the window.
    const scrolled = Math.min(60, Math.floor(height / 2));
    expect(scrolled).toBeGreaterThan(STICKY_OFFSET_DESKTOP);
    await page.evaluate((y) => window.scrollTo(0, y), scrolled);
    await page.waitForFunction((y) => window.scrollY === y, scrolled);
    // The header follows the scroll in the next animation frame.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // The header's bottom edge meets the page as it did before the scroll, moved up by the scroll.
    await expect.poll(async () => Math.round((await header.boundingBox())!.y + height)).toBe(Math.round(startTop - scrolled));
    expect(Math.round(await mainTop())).toBe(Math.round(startTop - scrolled));
  });
  test('60 px down: sticky on desktop (offset 5), not yet on small screens (offset 115)', async ({ page }) => {
    await page.goto('/home');
    await page.waitForLoadState('networkidle');
    const header = page.locator('[data-site-header]');
    await page.evaluate(() => window.scrollTo(0, 60));
    if (isMobile(page)) {
      await page.waitForFunction(() => window.scrollY === 60);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await expect(header).not.toHaveClass(/is-sticky/);
      await page.evaluate(() => window.scrollTo(0, 130));
    }
    await expect(header).toHaveClass(/is-sticky/);
  });
});

test('accessibility: no serious or critical violations in the header, closed and with the account flyout open', async ({ page }) => {
  await page.goto('/home');
  await page.waitForLoadState('networkidle');
  const scan = () => axeViolations(page, { within: ['[data-site-header]', '[data-promo-bar]'] });
  expect(await scan()).toEqual([]);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible();
  expect(await scan()).toEqual([]);
});

test('signed-in header: Account, first-name greeting and account menu; axe clean', async ({ page }) => {
  await page.goto('/home');
  const email = `header-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await page.request.post('/api/global/register', { data: { firstName: 'Robin', lastName: 'Shopper', email, password: 'secret123' } });
  expect(res.ok()).toBe(true);
  await page.reload();
  const account = page.getByRole('button', { name: 'Account', exact: true });
  await expect(account).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
  await account.click();
  const flyout = page.getByRole('dialog', { name: 'Account' });
  await expect(flyout.getByRole('heading', { name: 'Hi, Robin' })).toBeVisible();
  await expect(flyout.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/my-account');
  await expect(flyout.getByRole('link', { name: 'Order History' })).toHaveAttribute('href', '/orders');
  expect(await axeViolations(page, { within: ['[data-site-header]'] })).toEqual([]);
  if (isMobile(page)) {
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByText('Hi, Robin')).toBeVisible();
  }
});
