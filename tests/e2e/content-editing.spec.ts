import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from './axe.ts';
import {
  closeEditors,
  documentJson,
  EDITOR_PASSWORD,
  editorAccounts,
  openDocument,
  seededDocument,
  signInEditor as signIn,
} from './editor-session.ts';
import { hydrated } from './hydration.ts';

/**
 * The content editors' workspace on a desktop: signing in, editing the mega menu in its generated form and as JSON,
 * reordering its items by keyboard, previewing it at a New York time (an item that starts at 09:00 shows at 09:00 and
 * not at 08:59), publishing (the header of every kind of shopper's page changes without a rebuild), scheduling, a
 * conflict between two editors, and rolling back. The documents are the store's own, so the tests run one after
 * another, from the seeded menu, and leave the menu as they found it.
 */
test.describe.configure({ mode: 'serial' });
test.afterEach(closeEditors);

const PASSWORD = EDITOR_PASSWORD;
const PUBLISHER = 'content.publisher@example.com';
const WRITER = 'content.writer@example.com';
// Names of this run's own, so a retry never finds an item an earlier attempt left in a draft.
const RUN = Date.now().toString(36);
const PICK = `Editors’ pick ${RUN}`;
const SPRING = `Spring preview ${RUN}`;
const SUMMER = `Summer edit ${RUN}`;

/** Every kind of page a shopper sees the header on: rendered on demand, kept by the page cache, or once prerendered. */
const SHOPPER_PAGES = [
  '/',
  '/home',
  '/c/tops',
  '/p/everyday-crew-tee-fb-1001',
  '/brand/fb',
  '/search?q=tee',
  '/quick-order',
  '/offers-coupons',
  '/rewards',
  '/cart',
  '/gift-card-balance',
  '/credit-card',
  '/c/accessibility-statement.html',
];

test.beforeAll(async () => {
  await editorAccounts({ [PUBLISHER]: 'publisher', [WRITER]: 'editor' });
  // A retry starts from the seeded menu too, not from what the failed attempt saved and published.
  await seededDocument('mega-menu', PUBLISHER);
});

test.beforeEach(({ isMobile }) => {
  test.skip(isMobile, 'the editors’ workspace is used on a desktop');
});

const json = (page: Page) => documentJson(page, 'Mega menu');

/** Adds an item to the first column of the menu's first entry, in the editor's JSON, and saves it. */
async function addItem(page: Page, item: Record<string, string>): Promise<void> {
  await openDocument(page, 'Mega menu');
  const box = await json(page);
  const menu = JSON.parse(await box.inputValue());
  menu.entries[0].columns[0].items.push(item);
  await box.fill(JSON.stringify(menu, null, 2));
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved as version \d+\.$/ })).toBeVisible();
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

test('the mega menu is edited in a form drawn from its schema, each wrong field marked with the server’s message', async ({ browser }) => {
  const page = await signIn(browser, WRITER);
  await openDocument(page, 'Mega menu');
  const form = page.locator('form.editor-form');
  const start = form.getByRole('textbox', { name: 'startTime' }).first();
  await start.fill('2030-06-01 9am');
  const message = 'must be a New York time written YYYY-MM-DDTHH:mm';
  await expect(form.getByText(message)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(new RegExp(`^entries\\.0\\.columns\\.\\d+\\.items\\.\\d+\\.startTime: ${message}$`));
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  await start.fill('2030-06-01T09:00');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('Unsaved changes.')).toBeVisible();
  await expect(await json(page)).toHaveValue(/"startTime": "2030-06-01T09:00"/);
});

test('a menu item is moved down by keyboard alone, announced by its name, and the draft holds the new order', async ({ browser }) => {
  const page = await signIn(browser, WRITER);
  await openDocument(page, 'Mega menu');
  const handle = page.getByRole('button', { name: 'Move Tops', exact: true });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Tops, at position 1 of 4.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Tops is at position 2 of 4.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Tops was dropped at position 2 of 4.')).toBeAttached();
  await expect(handle).toBeFocused();
  // The new order is the draft that Save draft sends (left unsaved: the live menu keeps its order for other tests).
  await expect(page.getByText('Unsaved changes.')).toBeVisible();
  const menu = JSON.parse(await (await json(page)).inputValue());
  expect(menu.entries[0].columns[0].items.slice(0, 2).map((i: { name: string }) => i.name)).toEqual(['Sweaters', 'Tops']);
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

/** Whether each shopper's page has the item in its header (its menu's HTML, hidden or not), until all agree. */
async function everyPageShows(page: Page, name: string, shown: boolean): Promise<void> {
  for (const path of SHOPPER_PAGES) {
    await expect(async () => {
      const reply = await page.request.get(path);
      expect(reply.status(), path).toBe(200);
      expect((await reply.text()).includes(`>${name}<`), path).toBe(shown);
    }).toPass({ timeout: 10_000 });
  }
}

test('a publish changes the header of every kind of shopper’s page without a rebuild', async ({ browser, page: shopper }) => {
  // The pages as they are before the publish, so those a cache keeps are kept with the old header.
  await everyPageShows(shopper, PICK, false);
  const page = await signIn(browser, PUBLISHER);
  await addItem(page, { name: PICK, url: '/c/sweaters' });
  await page.getByRole('button', { name: /^Publish version \d+ now$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Version \d+ is live\.$/ })).toBeVisible();
  const menu = shopper.getByRole('navigation', { name: 'Shop by category' });
  await expect(async () => {
    await shopper.goto('/');
    await expect(menu.getByRole('link', { name: PICK, includeHidden: true })).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await everyPageShows(shopper, PICK, true);
});

test('a version scheduled for 09:00 New York time is live in the preview from 09:00, not at 08:59', async ({ browser }) => {
  const page = await signIn(browser, PUBLISHER);
  await addItem(page, { name: SUMMER, url: '/c/tops' });
  await page.getByLabel('Publish at (New York time)').fill('2030-06-01T09:00');
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByRole('status').filter({ hasText: /goes live at 2030-06-01 09:00 New York time\.$/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Documents' })).toContainText(/\d+ scheduled/);
  await expect(await previewItem(page, '2030-06-01T09:00', 'Live at that time', SUMMER)).toHaveCount(1);
  await expect(await previewItem(page, '2030-06-01T08:59', 'Live at that time', SUMMER)).toHaveCount(0);
});

test('a save from an older version is refused naming who saved first, and the draft is kept to compare', async ({ browser, playwright }) => {
  const second = await signIn(browser, WRITER);
  await openDocument(second, 'Mega menu');
  // Meanwhile the publisher saves from a workspace of their own (its calls; the workspace's save is the tests' above).
  const first = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    expect((await first.post('/api/editor/sign-in', { data: { email: PUBLISHER, password: PASSWORD } })).status()).toBe(200);
    const latest = (await (await first.get('/api/editor/documents/mega-menu')).json()).body;
    latest.content.entries[0].columns[0].items.push({ name: `First in ${RUN}`, url: '/c/tops' });
    const saved = await first.put('/api/editor/documents/mega-menu', { data: { baseVersion: latest.version, content: latest.content } });
    expect(saved.status(), await saved.text()).toBe(200);
  } finally {
    await first.dispose();
  }
  const box = await json(second);
  const mine = (await box.inputValue()).replace('"Tops"', '"Tops and tees"');
  await box.fill(mine);
  await second.getByRole('button', { name: 'Save draft' }).click();
  await expect(second.getByRole('alert').first()).toContainText(`was changed by ${PUBLISHER}`);
  await expect(box).toHaveValue(mine);
  const differences = second.getByRole('figure', { name: /^Your draft → version \d+$/ });
  await expect(differences).toContainText(/entries\.0\.columns\.0\.items\.\d+\.name: "Tops and tees" → "Tops"/);
  await expect(differences).toContainText(/entries\.0\.columns\.0\.items\.\d+ added: \{"name":"First in /);
  // The document's part of the workspace, where the refusal and the comparison are (the whole is scanned at sign-in).
  expect(await axeViolations(second, { within: ['.editor-document'] })).toEqual([]);
});

test('a rollback makes an older version live again as a new version', async ({ browser, page: shopper }) => {
  const page = await signIn(browser, PUBLISHER);
  await openDocument(page, 'Mega menu');
  await page.getByRole('button', { name: 'Roll back to version 1', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Rolled back: version \d+ has the content of version 1 and is live\.$/ })).toBeVisible();
  await everyPageShows(shopper, PICK, false);
});
