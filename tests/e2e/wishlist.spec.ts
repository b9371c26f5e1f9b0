import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './hydration.ts';

/** Wishlist from the bag (Move to Wishlist) and on the wishlist page, signed in and as a guest. */
let n = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${n++}.${test.info().project.name}@example.com`;

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.88.${n++ & 255}.${Math.floor(Math.random() * 250)}` });
});

const addViaApi = async (page: Page, productId: string) =>
  expect((await page.request.post('/api/checkout/product/add_to_cart', { data: { productId, quantity: 1 } })).status()).toBe(200);

async function createAccount(page: Page, email: string) {
  const create = page.getByRole('region', { name: 'Create Account' });
  await create.getByLabel('First Name').fill('Wren');
  await create.getByLabel('Last Name').fill('Shopper');
  await create.getByLabel('Email').fill(email);
  await create.getByLabel('Create Password').fill('abcd1234');
  await create.getByRole('button', { name: 'Create Account' }).click();
}

test('signed in: move a bag line to the wishlist, add it back to the bag, remove it', async ({ page }) => {
  const res = await page.request.post('/api/global/register', {
    data: { firstName: 'Wren', lastName: 'S', email: uniqueEmail('wl'), password: 'abcd1234' },
  });
  expect(res.status()).toBe(200);
  await addViaApi(page, 'fb-1001-blk-M');
  await page.goto('/cart');
  await hydrated(page);
  await page.getByRole('button', { name: 'Move to Wishlist: Everyday Crew Tee' }).click();
  await expect(page.getByRole('heading', { name: 'Your bag is empty' })).toBeVisible();

  await page.goto('/my-account');
  await page.getByRole('link', { name: 'Wishlist' }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await hydrated(page);
  const saved = page.getByRole('listitem', { name: 'Everyday Crew Tee, Black, M' });
  await expect(saved).toBeVisible();
  await saved.getByRole('button', { name: 'Add to Bag: Everyday Crew Tee' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'added to your bag' })).toHaveText('Everyday Crew Tee was added to your bag.');
  await saved.getByRole('button', { name: 'Remove: Everyday Crew Tee' }).click();
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
});

test('as a guest: asked to sign in with the product held, and it is on the wishlist after sign-in', async ({ page }, info) => {
  await addViaApi(page, 'ww-2004-blk-M');
  await page.goto('/cart');
  await hydrated(page);
  await page.getByRole('button', { name: 'Move to Wishlist: Ribbed Shell' }).click();
  if (info.project.name === 'mobile') {
    // Small screens: the register page with the product in the query (checkout spec route).
    await expect(page).toHaveURL(/\/register\?isopen=true&loginFromCartCTA=true&original=\/cart&scope=wishlist&wishlistPID=ww-2004-blk-M$/);
  } else {
    // Larger screens: the header's account flyout opens; its sign-in link leads to the register page.
    const flyout = page.getByRole('dialog', { name: 'Account' });
    await expect(flyout).toBeVisible();
    await flyout.getByRole('link', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/register/);
  }
  await hydrated(page);
  await createAccount(page, uniqueEmail('guestwl'));
  await expect(page).toHaveURL(info.project.name === 'mobile' ? /\/cart$/ : /\/wishlist$/);
  await page.goto('/wishlist');
  await expect(page.getByRole('listitem', { name: 'Ribbed Shell, Black, M' })).toBeVisible();
});

test('a guest opening the wishlist page is sent to sign in', async ({ page }) => {
  await page.goto('/wishlist');
  await expect(page).toHaveURL(/\/register\?isopen=true&original=%2Fwishlist/);
});
