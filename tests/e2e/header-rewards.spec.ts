import { expect, test } from '@playwright/test';
import { e2eDb } from '../helpers/e2e-db.ts';

/** The rewards record drives the header: the link (/myelqrewards for active ELQ members on fb pages), the points bar. */
test('a new account is enrolled: the account flyout shows 0 points against the threshold', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the account flyout is the desktop path; the record is the same');
  await page.goto('/home');
  await page.request.post('/api/global/register', {
    data: { firstName: 'Pat', lastName: 'Points', email: `pts.${Date.now()}@example.com`, password: 'secret123' },
  });
  await page.reload();
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  const flyout = page.getByRole('dialog', { name: 'Account' });
  await expect(flyout.getByText('0 of 500 points to your next reward')).toBeVisible();
  await expect(flyout.getByRole('progressbar', { name: 'Rewards points' })).toHaveAttribute('aria-valuenow', '0');
});

test('an active ELQ member on a Fernbrook page: ELQ Rewards links to /myelqrewards, with points and certificates', async ({ page, isMobile }) => {
  test.skip(isMobile, 'desktop header link');
  const email = `elq.${Date.now()}@example.com`;
  await page.goto('/home');
  const reg = await page.request.post('/api/global/register', { data: { firstName: 'Elle', lastName: 'Q', email, password: 'secret123' } });
  const customerId = (await reg.json()).body.token.customer_id as string;
  const db = e2eDb();
  await db.kysely
    .updateTable('rewards_accounts')
    .set({ is_active_member: 1, points: 320, tier: 'Gold', certificate_cents: 1000 })
    .where('customer_id', '=', customerId)
    .execute();
  await db.kysely.destroy();

  await page.goto('/brand/fb');
  const link = page.locator('.primary-links [data-rewards-link]');
  await expect(link).toHaveText('ELQ Rewards');
  await expect(link).toHaveAttribute('href', '/myelqrewards');
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  const flyout = page.getByRole('dialog', { name: 'Account' });
  await expect(flyout.getByRole('progressbar', { name: 'Rewards points' })).toHaveAttribute('aria-valuenow', '64');
  await expect(flyout.getByText('Certificates: $10.00')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/brand/ww'); // the membership decides on every brand's pages
  await expect(page.locator('.primary-links [data-rewards-link]')).toHaveAttribute('href', '/myelqrewards');
  await expect(page.locator('.primary-links [data-rewards-link]')).toHaveText('ELQ Rewards');

  await page.goto('/myelqrewards');
  await expect(page.getByRole('heading', { name: 'My ELQ Rewards' })).toBeVisible();
  await expect(page.getByTestId('elq-points')).toHaveText('320');
});

test('/myelqrewards sends a shopper who is not an active member to /rewards', async ({ page }) => {
  await page.request.post('/api/global/register', {
    data: { firstName: 'Nia', lastName: 'M', email: `nm.${Date.now()}@example.com`, password: 'secret123' },
  });
  await page.goto('/myelqrewards');
  await expect(page).toHaveURL(/\/rewards$/);
});

test('the card-holder flag changes the card placements', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the card flyout is the desktop path; on small screens the card link is in the menu');
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

  const db = e2eDb();
  await db.kysely.updateTable('rewards_accounts').set({ plcc_holder: 1 }).where('customer_id', '=', customerId).execute();
  await db.kysely.destroy();
  await page.reload();
  await card.click();
  await expect(flyout.getByText('Thanks for being a cardmember, Cara.')).toBeVisible();
  await expect(flyout.getByRole('link', { name: 'Manage your card' })).toBeVisible();
  await expect(flyout.getByRole('link', { name: 'Learn more and apply' })).toBeHidden();
});
