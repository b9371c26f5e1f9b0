import { type Browser, expect, type Page, test } from '@playwright/test';
import { setEditorPassword, upsertEditor } from '#src/server/content/editor-accounts.ts';
import { e2eDb } from '../helpers/e2e-db.ts';
import { axeViolations } from './axe.ts';
import { hydrated } from './hydration.ts';

/**
 * The content editors' workspace on a desktop: signing in, editing the mega menu, previewing it at a New York time
 * (an item that starts at 09:00 shows at 09:00 and not at 08:59), publishing (the header of a shopper's page changes
 * without a rebuild), scheduling, a conflict between two editors, and rolling back. The documents are the store's
 * own, so the tests run one after another and leave the menu as they found it.
 */
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'edit1234';
const PUBLISHER = 'content.publisher@example.com';
const WRITER = 'content.writer@example.com';
// Names of this run's own, so a retry never finds an item an earlier attempt left in a draft.
const RUN = Date.now().toString(36);
const PICK = `Editors’ pick ${RUN}`;
const SPRING = `Spring preview ${RUN}`;
const SUMMER = `Summer edit ${RUN}`;

test.beforeAll(async () => {
  const db = e2eDb();
  try {
    await setEditorPassword(db, (await upsertEditor(db, PUBLISHER, 'publisher')).id, PASSWORD);
    await setEditorPassword(db, (await upsertEditor(db, WRITER, 'editor')).id, PASSWORD);
  } finally {
    await db.kysely.destroy();
  }
});

test.beforeEach(({ isMobile }) => {
  test.skip(isMobile, 'the editors’ workspace is used on a desktop');
});

async function signIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/editor');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Content workspace' })).toBeVisible();
  await hydrated(page);
  return page;
}

const json = (page: Page) => page.getByLabel('Mega menu (JSON)');

/** Adds an item to the first column of the menu's first entry, in the editor's JSON, and saves it. */
async function addItem(page: Page, item: Record<string, string>): Promise<void> {
  await page.getByRole('navigation', { name: 'Documents' }).getByRole('button', { name: 'Mega menu' }).click();
  await expect(json(page)).toHaveValue(/"entries"/);
  const menu = JSON.parse(await json(page).inputValue());
  menu.entries[0].columns[0].items.push(item);
  await json(page).fill(JSON.stringify(menu, null, 2));
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Saved as version \d+\.$/);
}

/** The item's list entry in the desktop preview's menu, at a New York time, with the drafts or what is live then. */
async function previewItem(page: Page, at: string, mode: 'Drafts' | 'Live at that time', name: string) {
  await page.getByLabel('New York date and time').fill(at);
  await page.getByRole('radio', { name: mode }).check();
  const frame = page.getByTitle('Desktop preview (1280 pixels wide)').contentFrame();
  await expect(frame.getByText(`Preview at ${at.replace('T', ' ')} New York time`)).toBeVisible();
  return frame.getByRole('navigation', { name: 'Shop by category' }).getByRole('link', { name, includeHidden: true }).locator('xpath=..');
}

test('an editor signs in to a workspace with no serious accessibility problem', async ({ page }) => {
  await page.goto('/editor');
  await hydrated(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Email').fill(WRITER);
  await page.getByLabel('Password').fill('wrong-password1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password you entered is incorrect.');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${WRITER} (editor)`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Publish/ })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});

test('a draft previews a menu item that starts at 09:00 New York time at 09:00 and not at 08:59', async ({ browser }) => {
  const page = await signIn(browser, WRITER);
  await addItem(page, { name: SPRING, url: '/c/tops', startTime: '2030-06-01T09:00' });
  await expect(await previewItem(page, '2030-06-01T09:00', 'Drafts', SPRING)).not.toHaveAttribute('hidden');
  await expect(await previewItem(page, '2030-06-01T08:59', 'Drafts', SPRING)).toHaveAttribute('hidden', '');
  // Not published: what is live at 09:00 has no such item.
  const frame = page.getByTitle('Desktop preview (1280 pixels wide)').contentFrame();
  await previewItem(page, '2030-06-01T09:00', 'Live at that time', PICK);
  await expect(frame.getByRole('link', { name: SPRING, includeHidden: true })).toHaveCount(0);
});

test('a publish changes the header of a shopper’s page without a rebuild', async ({ browser, page: shopper }) => {
  const page = await signIn(browser, PUBLISHER);
  await addItem(page, { name: PICK, url: '/c/sweaters' });
  await page.getByRole('button', { name: /^Publish version \d+ now$/ }).click();
  await expect(page.getByRole('status')).toHaveText(/^Version \d+ is live\.$/);
  const menu = shopper.getByRole('navigation', { name: 'Shop by category' });
  await expect(async () => {
    await shopper.goto('/');
    await expect(menu.getByRole('link', { name: PICK, includeHidden: true })).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
});

test('a version scheduled for 09:00 New York time is live in the preview from 09:00, not at 08:59', async ({ browser }) => {
  const page = await signIn(browser, PUBLISHER);
  await addItem(page, { name: SUMMER, url: '/c/tops' });
  await page.getByLabel('Publish at (New York time)').fill('2030-06-01T09:00');
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByRole('status')).toHaveText(/goes live at 2030-06-01 09:00 New York time\.$/);
  await expect(page.getByRole('navigation', { name: 'Documents' })).toContainText(/\d+ scheduled/);
  await expect(await previewItem(page, '2030-06-01T09:00', 'Live at that time', SUMMER)).toHaveCount(1);
  await expect(await previewItem(page, '2030-06-01T08:59', 'Live at that time', SUMMER)).toHaveCount(0);
});

test('a save from an older version is refused naming who saved first, and the draft is kept to compare', async ({ browser }) => {
  const first = await signIn(browser, PUBLISHER);
  const second = await signIn(browser, WRITER);
  for (const page of [first, second]) {
    await page.getByRole('navigation', { name: 'Documents' }).getByRole('button', { name: 'Mega menu' }).click();
    await expect(json(page)).toHaveValue(/"entries"/);
  }
  await addItem(first, { name: `First in ${RUN}`, url: '/c/tops' });
  const mine = (await json(second).inputValue()).replace('"Tops"', '"Tops and tees"');
  await json(second).fill(mine);
  await second.getByRole('button', { name: 'Save draft' }).click();
  await expect(second.getByRole('alert')).toContainText(`was changed by ${PUBLISHER}`);
  await expect(json(second)).toHaveValue(mine);
  await expect(second.getByRole('figure')).toContainText(`+       "name": "First in ${RUN}",`);
});

test('a rollback makes an older version live again as a new version', async ({ browser, page: shopper }) => {
  const page = await signIn(browser, PUBLISHER);
  await page.getByRole('navigation', { name: 'Documents' }).getByRole('button', { name: 'Mega menu' }).click();
  await page.getByRole('button', { name: 'Roll back to version 1' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Rolled back: version \d+ has the content of version 1 and is live\.$/);
  await expect(async () => {
    await shopper.goto('/');
    await expect(shopper.getByRole('link', { name: PICK, includeHidden: true })).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
});
