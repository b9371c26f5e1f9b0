import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openStoreCardAccount } from '#src/server/store-card/accounts.ts';
import { storeCardNumber } from '../helpers/store-card-fixtures.ts';
import { e2eDb } from '../helpers/e2e-db.ts';
import { grantRewards } from '../helpers/rewards-fixtures.ts';
import { ownClientAddress } from './client-address.ts';

// Each browser a client address of its own: the store limits the accounts, sign-ins and codes one address may try.
test.beforeEach(({ context }) => ownClientAddress(context));

/** The rewards record drives the header: the link (/myelqrewards for active ELQ members on fb pages), the points bar. */

/** The header's rewards link: beside the account button on a desktop, in the menu on a phone. */
async function headerRewardsLink(page: Page, isMobile: boolean): Promise<Locator> {
  if (!isMobile) return page.getByRole('banner').getByRole('link', { name: /Rewards$/ });
  await page.getByRole('button', { name: 'Menu' }).click();
  // The menu's first Rewards link is the header's; the one among the shared links below always leads to /rewards.
  return page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Rewards', exact: true }).first();
}

test('a new account is enrolled: the account flyout shows 0 points against the threshold', async ({ page }) => {
  await page.goto('/home');
  await page.request.post('/api/global/register', {
    data: { firstName: 'Pat', lastName: 'Points', email: `pts.${Date.now()}.${test.info().project.name}@example.com`, password: 'secret123' },
  });
  await page.reload();
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  const flyout = page.getByRole('dialog', { name: 'Account' });
  await expect(flyout.getByText('0 of 500 points to your next reward')).toBeVisible();
  await expect(flyout.getByRole('progressbar', { name: 'Rewards points' })).toHaveAttribute('aria-valuenow', '0');
});

test("an active ELQ member: the rewards link goes to /myelqrewards on every brand's pages; the flyout shows points and certificates", async ({
  page,
  isMobile,
}) => {
  const email = `elq.${Date.now()}.${test.info().project.name}@example.com`;
  await page.goto('/home');
  const reg = await page.request.post('/api/global/register', { data: { firstName: 'Elle', lastName: 'Q', email, password: 'secret123' } });
  const customerId = (await reg.json()).body.token.customer_id as string;
  const db = e2eDb();
  await db.kysely.updateTable('rewards_accounts').set({ tier: 'Gold' }).where('customer_id', '=', customerId).execute();
  await db.kysely
    .updateTable('rewards_memberships')
    .set({ points: 320 })
    .where('customer_id', '=', customerId)
    .where('programme', '=', 'fbb')
    .execute();
  // The ELQ programme's own points and rewards dollars, apart from the retailer's 320 points the header shows.
  await db.kysely.insertInto('rewards_memberships').values({ customer_id: customerId, programme: 'elq', is_active: 1, points: 180 }).execute();
  await grantRewards(db, customerId, 'elq', 1500);
  // Certificates the header counts: one it can use ($10.00), one used and one expired it leaves out.
  const certificate = (n: number, extra: { used_at?: string; used_by_attempt?: string; expires_at?: string } = {}) => ({
    id: `${customerId}-${n}`,
    number_hash: `${customerId}-${n}`,
    last4: '0000',
    customer_id: customerId,
    kind: 'FB_REWARD_CERTIFICATE' as const,
    amount_cents: 1000,
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    order_id: null,
    used_at: null,
    used_by_attempt: null,
    created_at: new Date().toISOString(),
    ...extra,
  });
  await db.kysely
    .insertInto('reward_certificates')
    .values([
      certificate(1),
      certificate(2, { used_at: new Date().toISOString(), used_by_attempt: 'placed' }),
      certificate(3, { expires_at: new Date(Date.now() - 1000).toISOString() }),
    ])
    .execute();
  await db.kysely.destroy();

  await page.goto('/brand/fb');
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  const flyout = page.getByRole('dialog', { name: 'Account' });
  await expect(flyout.getByRole('progressbar', { name: 'Rewards points' })).toHaveAttribute('aria-valuenow', '64');
  await expect(flyout.getByText('Certificates: $10.00')).toBeVisible();
  await expect(flyout.getByRole('link', { name: 'See my rewards' })).toHaveAttribute('href', '/myelqrewards');
  await page.keyboard.press('Escape');
  const link = await headerRewardsLink(page, isMobile);
  await expect(link).toHaveAttribute('href', '/myelqrewards');
  // A desktop's header link is named for the programme.
  if (!isMobile) await expect(link).toHaveText('ELQ Rewards');

  await page.goto('/brand/ww'); // the membership decides on every brand's pages
  const elsewhere = await headerRewardsLink(page, isMobile);
  await expect(elsewhere).toHaveAttribute('href', '/myelqrewards');
  if (!isMobile) await expect(elsewhere).toHaveText('ELQ Rewards');

  await page.goto('/myelqrewards');
  await expect(page.getByRole('heading', { name: 'My ELQ Rewards' })).toBeVisible();
  await expect(page.getByTestId('elq-points')).toHaveText('180');
  await expect(page.getByRole('progressbar', { name: 'ELQ Rewards points towards your next reward' })).toHaveAttribute('aria-valuenow', '36');
  await expect(page.getByTestId('elq-dollars')).toHaveText('$15.00 ready to use at checkout.');
  await expect(page.getByRole('heading', { name: 'Reward certificates' })).toBeVisible();
  await expect(page.getByText('$10.00 ready to use at checkout.')).toBeVisible();
});

test('a signed-in Dia Shop Rewards member reads their Dia points and rewards dollars on /rewards, which the header names and links to; a guest reads none', async ({
  page,
  isMobile,
}) => {
  await page.goto('/rewards');
  await expect(page.getByRole('heading', { name: 'Rewards', exact: true })).toBeVisible();
  await expect(page.getByTestId('dia-points')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in to see your points' })).toBeVisible();

  const email = `dia.${Date.now()}.${test.info().project.name}@example.com`;
  const reg = await page.request.post('/api/global/register', { data: { firstName: 'Dee', lastName: 'Ya', email, password: 'secret123' } });
  const customerId = (await reg.json()).body.token.customer_id as string;
  const db = e2eDb();
  await db.kysely
    .updateTable('rewards_memberships')
    .set({ points: 320 })
    .where('customer_id', '=', customerId)
    .where('programme', '=', 'fbb')
    .execute();
  await db.kysely.insertInto('rewards_memberships').values({ customer_id: customerId, programme: 'dia', is_active: 1, points: 45 }).execute();
  await grantRewards(db, customerId, 'dia', 1000);
  // A rewards page of the customer's own on the record: the Dia membership's link wins over it, as ELQ's does.
  await db.kysely.updateTable('rewards_accounts').set({ page_url: '/c/tops' }).where('customer_id', '=', customerId).execute();
  await db.kysely.destroy();

  await page.goto('/brand/jl');
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Account' }).getByRole('link', { name: 'See my rewards' })).toHaveAttribute('href', '/rewards');
  await page.keyboard.press('Escape');
  const link = await headerRewardsLink(page, isMobile);
  await expect(link).toHaveAttribute('href', '/rewards');
  if (!isMobile) await expect(link).toHaveText('Dia Shop Rewards');

  await page.goto('/rewards');
  await expect(page.getByRole('heading', { name: 'Dia Shop Rewards points' })).toBeVisible();
  await expect(page.getByTestId('dia-points')).toHaveText('45');
  await expect(page.getByRole('progressbar', { name: 'Dia Shop Rewards points towards your next reward' })).toHaveAttribute('aria-valuenow', '9');
  await expect(page.getByTestId('dia-dollars')).toHaveText('$10.00 ready to use at checkout.');
  // How the store's rewards work sits under its own heading, apart from the member's Dia dollars above it.
  await expect(page.getByRole('region', { name: 'How rewards work' })).toContainText('Earn points on every purchase at all seven brands.');
  await expect(page.getByRole('link', { name: 'Sign in to see your points' })).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('/myelqrewards sends a shopper who is not an active member to /rewards', async ({ page }) => {
  await page.request.post('/api/global/register', {
    data: { firstName: 'Nia', lastName: 'M', email: `nm.${Date.now()}@example.com`, password: 'secret123' },
  });
  await page.goto('/myelqrewards');
  await expect(page).toHaveURL(/\/rewards$/);
});

test('the card-holder flag changes the card placements', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the card flyout is a desktop header button; on a phone the card link in the menu is a plain link to the card page');
  await page.goto('/home');
  const reg = await page.request.post('/api/global/register', {
    data: { firstName: 'Cara', lastName: 'Holder', email: `plcc.${Date.now()}@example.com`, password: 'secret123' },
  });
  const customerId = (await reg.json()).body.token.customer_id as string;
  await page.reload();
  const card = page.getByRole('button', { name: 'Card', exact: true });
  const flyout = page.getByRole('dialog', { name: 'The Seven Brands Card' });
  await card.click();
  await expect(flyout.getByRole('link', { name: 'Learn more and apply' })).toBeVisible();
  await expect(flyout.getByRole('link', { name: 'Manage your card' })).toBeHidden();
  await page.keyboard.press('Escape');

  // Holding the card is having a store card account (src/server/store-card/).
  const db = e2eDb();
  await openStoreCardAccount(db, {
    number: storeCardNumber(),
    customerId,
    firstName: 'Cara',
    lastName: 'Holder',
    billingPostalCode: '62701',
    creditLimitCents: 100_00,
  });
  await db.kysely.destroy();
  await page.reload();
  await card.click();
  await expect(flyout.getByText('Thanks for being a cardmember, Cara.')).toBeVisible();
  await expect(flyout.getByRole('link', { name: 'Manage your card' })).toBeVisible();
  await expect(flyout.getByRole('link', { name: 'Learn more and apply' })).toBeHidden();
});
