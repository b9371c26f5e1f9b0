import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import type { DocumentId } from '#src/lib/content/content-documents.ts';
import { setEditorPassword, upsertEditor } from '#src/server/content/editor-accounts.ts';
import { readDocument, rollbackDocument } from '#src/server/content/content-store.ts';
import { e2eDb } from '../helpers/e2e-db.ts';
import { hydrated } from './hydration.ts';

/** The editors' password in the browser tests: 8-16 characters with a letter and a number, as for shoppers. */
export const EDITOR_PASSWORD = 'edit1234';

/** Editor accounts (email → role) with EDITOR_PASSWORD, made or updated in the test server's database. */
export async function editorAccounts(accounts: Record<string, 'editor' | 'publisher'>): Promise<void> {
  const db = e2eDb();
  try {
    for (const [email, role] of Object.entries(accounts)) await setEditorPassword(db, (await upsertEditor(db, email, role)).id, EDITOR_PASSWORD);
  } finally {
    await db.kysely.destroy();
  }
}

/**
 * The document live and latest with its seeded content (version 1) again, unless it already is: tests that save and
 * publish it start from the same document on a retry as on their first run.
 */
export async function seededDocument(id: DocumentId, publisher: string): Promise<void> {
  const db = e2eDb();
  try {
    const [latest, seeded] = await Promise.all([readDocument(db, id), readDocument(db, id, 1)]);
    const same = JSON.stringify(latest.content) === JSON.stringify(seeded.content) && latest.live === latest.version;
    if (!same) await rollbackDocument(db, { email: publisher }, id, 1);
  } finally {
    await db.kysely.destroy();
  }
}

const opened: BrowserContext[] = [];

/** Closes the browsers signInEditor opened (each a workspace with its forms and preview frames): after each test. */
export async function closeEditors(): Promise<void> {
  await Promise.all(opened.splice(0).map((context) => context.close()));
}

/**
 * A browser of its own signed in to the workspace at /editor, hydrated; closed by closeEditors. It signs in through
 * the sign-in call the form makes (the form itself is a test of its own: content-editing.spec.ts).
 */
export async function signInEditor(browser: Browser, email: string, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  opened.push(context);
  const signedIn = await context.request.post('/api/editor/sign-in', { data: { email, password: EDITOR_PASSWORD } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const page = await context.newPage();
  await page.goto('/editor');
  await expect(page.getByRole('heading', { name: 'Content workspace' })).toBeVisible();
  await hydrated(page);
  return page;
}

/** Opens a document of the workspace by its title, in its generated form. */
export async function openDocument(page: Page, title: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Documents' }).getByRole('button', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
  await expect(page.getByText(/^Editing version \d+/)).toBeVisible();
}

/** The document's JSON, in the workspace's advanced view (opened if it is not). */
export async function documentJson(page: Page, title: string) {
  const box = page.getByLabel(`${title} (JSON)`);
  const advanced = page.getByRole('checkbox', { name: 'Edit as JSON (advanced)' });
  if (!(await advanced.isChecked())) await advanced.check();
  await expect(box).toHaveValue(/^\{/);
  return box;
}
