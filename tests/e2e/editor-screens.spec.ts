import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { closeEditors, documentJson, editorAccounts, openDocument, signInEditor } from './editor-session.ts';
import { hydrated } from './hydration.ts';

/**
 * Every screen of the editors' workspace, on a desktop (1280×900) and a phone (390×844): what it must show, no serious
 * accessibility problem (axe, WCAG 2.2 AA), and its picture, with the test's results. With GUIDE_PICTURES=1 the
 * desktop pictures are written into the editors' guide instead (docs/content-editing.md, docs/images/editor/), so a
 * plain run leaves the repository as it was.
 */
test.describe.configure({ mode: 'serial' });
test.afterEach(closeEditors);

const GUIDE = 'content.guide@example.com';
const RUN = Date.now().toString(36);

test.beforeAll(() => editorAccounts({ [GUIDE]: 'publisher' }));

/**
 * The screen passes axe, and its picture is taken: into the guide on a desktop. `within`: the part of the workspace
 * the screen is about (the rest is scanned with its own screen: the whole workspace by tests/e2e/content-editing.spec.ts);
 * `scan: false` for a screen just scanned in another state.
 */
async function screen(page: Page, info: TestInfo, name: string, { scan = true, within = [] as string[] } = {}): Promise<void> {
  if (scan) expect(await axeViolations(page, { within }), name).toEqual([]);
  const guide = process.env['GUIDE_PICTURES'] === '1' && info.project.name === 'desktop';
  const path = guide ? `docs/images/editor/${name}.png` : info.outputPath(`${name}.png`);
  await page.screenshot({ path });
}

test('signing in', async ({ page }, info) => {
  await page.goto('/editor');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to edit the store’s content' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeVisible();
  await screen(page, info, 'sign-in');
  await page.goto('/editor/set-password?token=expired');
  await expect(page.getByRole('alert')).toHaveText('This link has expired or has already been used. Ask a publisher for a new one.');
  expect(await axeViolations(page)).toEqual([]);
});

test('editing a document in its form, and reordering its lists by keyboard', async ({ browser, isMobile }, info) => {
  const page = await signInEditor(browser, GUIDE, isMobile ? { width: 390, height: 844 } : { width: 1280, height: 900 });
  await openDocument(page, 'Promo bar');
  const form = page.locator('form.editor-form');
  await expect(form.getByRole('textbox', { name: 'text' }).first()).toHaveValue('Free Standard Delivery on $75 or more');
  await expect(
    form.getByRole('combobox', { name: 'backgroundColorClass' }).getByRole('option', { name: 'promo-bg-navy', selected: true }),
  ).toBeAttached();
  await page.getByRole('heading', { level: 2, name: 'Promo bar' }).scrollIntoViewIfNeeded();
  await screen(page, info, 'edit-form', { within: ['.editor-document'] });

  const handle = page.getByRole('button', { name: 'Move Free Standard Delivery on $75 or more', exact: true });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Free Standard Delivery on $75 or more, at position 1 of 3.')).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Free Standard Delivery on $75 or more is at position 2 of 3.')).toBeAttached();
  await screen(page, info, 'reorder', { scan: false });
  await page.keyboard.press('Escape');
  await expect(page.getByText('Free Standard Delivery on $75 or more was put back at position 1.')).toBeAttached();
  await expect(page.getByText('No unsaved changes.')).toBeVisible();
});

test('editing a document as JSON', async ({ browser, isMobile }, info) => {
  const page = await signInEditor(browser, GUIDE, isMobile ? { width: 390, height: 844 } : { width: 1280, height: 900 });
  await openDocument(page, 'Promo bar');
  await expect(await documentJson(page, 'Promo bar')).toHaveValue(/"textClass": "promo-text-light"/);
  await screen(page, info, 'edit-json', { within: ['.editor-document'] });
});

test('history and comparing two versions', async ({ browser, isMobile }, info) => {
  const page = await signInEditor(browser, GUIDE, isMobile ? { width: 390, height: 844 } : { width: 1280, height: 900 });
  // Each device saves a document of its own, so the two never save on top of each other.
  const title = isMobile ? 'Customer service and quick links' : 'Account menu';
  await openDocument(page, title);
  const first = page
    .locator('form.editor-form')
    .getByRole('textbox', { name: isMobile ? 'heading' : 'name' })
    .first();
  const before = await first.inputValue();
  await first.fill(`${before.replace(/ \(\w+\)$/, '')} (${RUN})`);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved as version \d+\.$/ })).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await history
    .getByRole('button', { name: /^Compare version \d+ with \d+$/ })
    .first()
    .click();
  const differences = history.getByRole('figure');
  await expect(differences).toContainText(`(${RUN})"`);
  await differences.scrollIntoViewIfNeeded();
  await screen(page, info, 'history', { within: ['.editor-document'] });
});

test('previewing at a New York time', async ({ browser, isMobile }, info) => {
  const page = await signInEditor(browser, GUIDE, isMobile ? { width: 390, height: 844 } : { width: 1280, height: 900 });

  const preview = page.getByRole('region', { name: 'Preview', exact: true });
  await preview.getByLabel('New York date and time').fill('2030-06-01T09:00');
  const frame = page.getByTitle('Desktop preview (1280 pixels wide)').contentFrame();
  await expect(frame.getByText('Preview at 2030-06-01 09:00 New York time, drafts.')).toBeVisible();
  await expect(page.getByTitle('Phone preview (390 pixels wide)').contentFrame().getByText('Preview at 2030-06-01 09:00')).toBeVisible();
  await preview.scrollIntoViewIfNeeded();
  await screen(page, info, 'preview', { within: ['.editor-preview'] });
});

test('the audit log', async ({ browser, isMobile }, info) => {
  const page = await signInEditor(browser, GUIDE, isMobile ? { width: 390, height: 844 } : { width: 1280, height: 900 });
  const audit = page.getByRole('region', { name: 'Audit log' });
  await audit.getByRole('button', { name: 'Show the latest entries' }).click();
  await expect(
    audit
      .getByRole('listitem')
      .filter({ hasText: `${GUIDE} save` })
      .first(),
  ).toBeVisible();
  await audit.scrollIntoViewIfNeeded();
  await screen(page, info, 'audit-log', { within: ['.editor-audit'] });
});

test('the preview page on its own, as the link for another editor opens it', async ({ browser }) => {
  const page = await signInEditor(browser, GUIDE);
  await page.goto('/editor/preview?at=2030-06-01T09:00&draft=1');
  await expect(page.getByText('Preview at 2030-06-01 09:00 New York time, drafts.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

/** The text of every script a page loads, as it loads it (islands, their imports, and what they import on use). */
function scriptsOf(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script') bodies.push(await r.text().catch(() => ''));
  });
  return bodies;
}

// rjsf's own name for its submit button's options: a string no minifier rewrites.
const FORM_LIBRARY = 'ui:submitButtonOptions';

test('the form’s libraries load in the workspace, never with a shopper’s page', async ({ browser, page: shopper }) => {
  const shopperScripts = scriptsOf(shopper);
  for (const path of ['/home', '/p/everyday-crew-tee-fb-1001', '/cart', '/gift-card-balance']) {
    await shopper.goto(path);
    await hydrated(shopper);
  }
  expect(shopperScripts.length).toBeGreaterThan(0);
  expect(shopperScripts.filter((s) => s.includes(FORM_LIBRARY))).toEqual([]);

  const signedIn = await signInEditor(browser, GUIDE);
  const page = await signedIn.context().newPage();
  const editorScripts = scriptsOf(page);
  await page.goto('/editor');
  await openDocument(page, 'Brand tabs');
  await expect(page.locator('form.editor-form')).toBeVisible();
  await expect.poll(() => editorScripts.some((s) => s.includes(FORM_LIBRARY))).toBe(true);
});
