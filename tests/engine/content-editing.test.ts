import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Answer, Caller } from '#src/lib/commerce-api/call.ts';
import type { CommerceApi } from '#src/lib/commerce-api/commerce-api.ts';
import { pageStamp } from '#src/lib/commerce-api/page-stamp.ts';
import { embeddedCommerce } from '#src/server/commerce-api/embedded.ts';
import { forgetLiveContent } from '#src/server/content/content-facade.ts';
import { sendEditorLink, setEditorPassword, upsertEditor } from '#src/server/content/editor-accounts.ts';
import type { Db } from '#src/server/db/database.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

/**
 * Content editors and their documents on the engine (SQLite, and PostgreSQL with DATABASE_URL): editor accounts
 * apart from shoppers', roles, versioned saves with conflicts, publishing now and at a New York time, rollback as a
 * new version, the audit log, and what shoppers' pages read (the header, content slots and assets, the stamp).
 */
const current = vi.hoisted(() => ({ db: undefined as Db | undefined }));
vi.mock(import('#src/server/db/database.ts'), async (original) => ({
  ...(await original()),
  getDb: async () => {
    if (!current.db) throw new Error('No test database yet.');
    return current.db;
  },
}));

let t: TestDb;
let api: CommerceApi;
let clients = 0;
const caller = (extra: Partial<Caller> = {}): Caller => ({ session: null, client: `10.8.0.${++clients}`, requestId: 'content', ...extra });

function value<T>(answer: Answer<T>): T {
  if (!answer.ok) throw new Error(`refused: ${answer.problem.status} ${answer.problem.message}`);
  return answer.value;
}
const problem = <T>(answer: Answer<T>) => (answer.ok ? null : answer.problem);

async function editorToken(email: string, role: 'editor' | 'publisher'): Promise<string> {
  const editor = await upsertEditor(t.db, email, role);
  await setEditorPassword(t.db, editor.id, 'abcd1234');
  const answer = await api.editor.signIn(caller(), { email, password: 'abcd1234' });
  value(answer);
  return answer.keep!.editor!.token;
}

let publisher: string;
let writer: string;
beforeAll(async () => {
  t = await freshDb();
  current.db = t.db;
  api = embeddedCommerce();
  publisher = await editorToken('pat.publisher@example.com', 'publisher');
  writer = await editorToken('eddie.editor@example.com', 'editor');
});
afterAll(() => t.cleanup());

const seedFile = (name: string) => JSON.parse(readFileSync(`src/content/header/${name}.json`, 'utf8'));

describe('editor accounts', () => {
  it('a set-password link is printed and sent to the outbox, and works once', async () => {
    const link = await sendEditorLink(t.db, await upsertEditor(t.db, 'new.editor@example.com', 'editor'), 'http://localhost:4321');
    const token = new URL(link).searchParams.get('token')!;
    const mail = await t.db.kysely.selectFrom('outbox').select('text_body').where('to_address', '=', 'new.editor@example.com').execute();
    expect(mail.map((m) => m.text_body).join()).toContain(link);
    expect(value(await api.editor.linkUsable(caller(), { token }))).toBe(true);
    expect(problem(await api.editor.setPassword(caller(), { token, password: 'short' }))?.status).toBe(400);
    const set = await api.editor.setPassword(caller(), { token, password: 'efgh5678' });
    expect(value(set)).toEqual({ email: 'new.editor@example.com', role: 'editor' });
    expect(set.keep?.editor?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(problem(await api.editor.setPassword(caller(), { token, password: 'efgh5678' }))?.status).toBe(400);
  });

  it('refuses a wrong password with the shoppers’ message, and locks the account after five failures', async () => {
    await editorToken('locked.out@example.com', 'editor');
    const client = caller();
    for (let i = 0; i < 5; i++) {
      expect(problem(await api.editor.signIn(client, { email: 'locked.out@example.com', password: 'wrong1234' }))?.status).toBe(401);
    }
    const refused = problem(await api.editor.signIn(caller(), { email: 'locked.out@example.com', password: 'abcd1234' }));
    expect(refused?.status).toBe(429);
  });

  it('a shopper’s session token, a missing token and an unknown one reach no editor call', async () => {
    const shopper = await api.customer.register(caller(), {
      email: 'shopper.only@example.com',
      password: 'abcd1234',
      firstName: 'Sho',
      lastName: 'Pper',
      keepMeSignedIn: false,
    });
    const sid = shopper.keep!.session!.token;
    for (const who of [caller({ session: sid }), caller({ editor: sid }), caller(), caller({ editor: 'x'.repeat(43) })]) {
      expect(problem(await api.editor.documents(who))?.status).toBe(401);
      expect(problem(await api.editor.save(who, { id: 'promo-bar', baseVersion: 1, content: {} }))?.status).toBe(401);
      expect(problem(await api.editor.publish(who, { id: 'promo-bar', version: 1 }))?.status).toBe(401);
      expect(value(await api.editor.me(who))).toBeNull();
    }
    // And the editor's token is no shopper's session.
    expect(value(await api.customer.visitor(caller({ session: publisher }))).signedIn).toBe(false);
  });

  it('an editor saves and previews but cannot publish, schedule or roll back', async () => {
    const doc = value(await api.editor.read(caller({ editor: writer }), { id: 'account-menu' }));
    const saved = value(await api.editor.save(caller({ editor: writer }), { id: 'account-menu', baseVersion: doc.version, content: doc.content }));
    expect(saved.version).toBe(doc.version + 1);
    expect(problem(await api.editor.publish(caller({ editor: writer }), { id: 'account-menu', version: saved.version }))?.status).toBe(403);
    expect(problem(await api.editor.rollback(caller({ editor: writer }), { id: 'account-menu', toVersion: 1 }))?.status).toBe(403);
  });
});

describe('documents', () => {
  it('the files under src/content/header are version 1, live', async () => {
    const list = value(await api.editor.documents(caller({ editor: publisher })));
    expect(list.map((d) => d.id)).toEqual([
      'brand-tabs',
      'promo-bar',
      'mega-menu',
      'header-data',
      'account-menu',
      'content-areas',
      'content-slots',
      'content-assets',
    ]);
    const menu = value(await api.editor.read(caller({ editor: publisher }), { id: 'mega-menu', version: 1 }));
    expect(menu.content).toEqual(seedFile('mega-menu'));
    expect(value(await api.content.header(caller())).brandTabs.tabs[0]!.title).toBe(seedFile('brand-tabs').tabs[0].title);
  });

  it('a save that started from an older version is refused with 409 naming who saved the newer one', async () => {
    const doc = value(await api.editor.read(caller({ editor: publisher }), { id: 'content-areas' }));
    value(await api.editor.save(caller({ editor: writer }), { id: 'content-areas', baseVersion: doc.version, content: doc.content }));
    const stale = await api.editor.save(caller({ editor: publisher }), { id: 'content-areas', baseVersion: doc.version, content: doc.content });
    expect(problem(stale)?.status).toBe(409);
    expect(problem(stale)?.message).toContain('eddie.editor@example.com');
    expect(problem(stale)?.detail).toMatchObject({ version: doc.version + 1, savedBy: 'eddie.editor@example.com' });
  });

  it('of two saves from the same version at once, one is kept and the other is refused', async () => {
    const doc = value(await api.editor.read(caller({ editor: publisher }), { id: 'header-data' }));
    const both = await Promise.all(
      [writer, publisher].map((token) =>
        api.editor.save(caller({ editor: token }), { id: 'header-data', baseVersion: doc.version, content: doc.content }),
      ),
    );
    expect(both.map((a) => (a.ok ? 200 : a.problem.status)).sort()).toEqual([200, 409]);
  });

  it('bad content is a 400 naming the field; an unknown document a 404', async () => {
    const menu = seedFile('mega-menu');
    menu.entries[0].columns[0].items[0].startTime = '2025-13-01 09:00';
    const doc = value(await api.editor.read(caller({ editor: writer }), { id: 'mega-menu' }));
    const bad = problem(await api.editor.save(caller({ editor: writer }), { id: 'mega-menu', baseVersion: doc.version, content: menu }));
    expect(bad?.status).toBe(400);
    expect(bad?.message).toBe('Mega menu: entries.0.columns.0.items.0.startTime: must be a New York time written YYYY-MM-DDTHH:mm');
    expect(problem(await api.editor.read(caller({ editor: writer }), { id: 'no-such-doc' }))?.status).toBe(404);
  });

  it('a promo bar whose text is unreadable on its background is saved but not published', async () => {
    const doc = value(await api.editor.read(caller({ editor: publisher }), { id: 'promo-bar' }));
    const content = { ...(doc.content as object), textClass: 'promo-text-light', backgroundColorClass: 'promo-bg-sand' };
    const saved = value(await api.editor.save(caller({ editor: publisher }), { id: 'promo-bar', baseVersion: doc.version, content }));
    const refused = problem(await api.editor.publish(caller({ editor: publisher }), { id: 'promo-bar', version: saved.version }));
    expect(refused?.status).toBe(422);
    expect(refused?.message).toContain('textClass: promo-text-light on promo-bg-sand');
  });
});

describe('a publish that would break the header', () => {
  it('is refused when a link names a category or brand the store does not have, naming the field', async () => {
    const menu = seedFile('mega-menu');
    menu.entries[0].columns[0].items[1].url = '/c/no-such-category';
    const doc = value(await api.editor.read(caller({ editor: publisher }), { id: 'mega-menu' }));
    const saved = value(await api.editor.save(caller({ editor: publisher }), { id: 'mega-menu', baseVersion: doc.version, content: menu }));
    const refused = problem(await api.editor.publish(caller({ editor: publisher }), { id: 'mega-menu', version: saved.version }));
    expect(refused?.status).toBe(422);
    expect(refused?.message).toBe(
      'Mega menu version ' +
        saved.version +
        ' cannot be published: entries.0.columns.0.items.1.url: /c/no-such-category is not a page of the store (no category no-such-category)',
    );
    const tabs = seedFile('brand-tabs');
    tabs.tabs[0].url = '/brand/zz';
    const base = value(await api.editor.read(caller({ editor: publisher }), { id: 'brand-tabs' }));
    const badTabs = value(await api.editor.save(caller({ editor: publisher }), { id: 'brand-tabs', baseVersion: base.version, content: tabs }));
    expect(problem(await api.editor.publish(caller({ editor: publisher }), { id: 'brand-tabs', version: badTabs.version }))?.message).toContain(
      'tabs.0.url: /brand/zz is not a page of the store (no brand zz)',
    );
    // The store's own files link only to pages it has.
    value(await api.editor.publish(caller({ editor: publisher }), { id: 'mega-menu', version: 1 }));
    value(await api.editor.publish(caller({ editor: publisher }), { id: 'brand-tabs', version: 1 }));
  });
});

describe('publishing, scheduling and rolling back', () => {
  const retitled = (title: string) => {
    const tabs = seedFile('brand-tabs');
    tabs.tabs[0].title = title;
    return tabs;
  };
  const liveTitle = async () => {
    forgetLiveContent();
    return value(await api.content.header(caller())).brandTabs.tabs[0]!.title;
  };

  it('a publish goes live at once, moves the stamp the page caches are keyed by, and is in the audit log', async () => {
    forgetLiveContent();
    const before = await pageStamp(api, caller());
    const doc = value(await api.editor.read(caller({ editor: publisher }), { id: 'brand-tabs' }));
    const saved = value(
      await api.editor.save(caller({ editor: publisher }), { id: 'brand-tabs', baseVersion: doc.version, content: retitled('Published title') }),
    );
    expect(await liveTitle()).not.toBe('Published title');
    value(await api.editor.publish(caller({ editor: publisher }), { id: 'brand-tabs', version: saved.version }));
    expect(await liveTitle()).toBe('Published title');
    expect(await pageStamp(api, caller())).not.toBe(before);
    const log = value(await api.editor.audit(caller({ editor: writer })));
    expect(log.find((e) => e.action === 'publish' && e.documentId === 'brand-tabs')).toMatchObject({ editor: 'pat.publisher@example.com' });
    expect(log.some((e) => e.action === 'sign-in')).toBe(true);
    expect(log.some((e) => e.action === 'save')).toBe(true);
  });

  it('a version scheduled for a New York time is in the preview at that time, not a minute before, and not live yet', async () => {
    const doc = value(await api.editor.read(caller({ editor: publisher }), { id: 'brand-tabs' }));
    const saved = value(
      await api.editor.save(caller({ editor: publisher }), { id: 'brand-tabs', baseVersion: doc.version, content: retitled('Scheduled title') }),
    );
    const scheduled = value(
      await api.editor.publish(caller({ editor: publisher }), { id: 'brand-tabs', version: saved.version, at: '2099-03-02T09:00' }),
    );
    expect(scheduled.liveAt).toBe('2099-03-02T14:00:00.000Z');
    const preview = async (at: string) => value(await api.editor.preview(caller({ editor: writer }), { at, draft: false })).brandTabs.tabs[0]!.title;
    expect(await preview('2099-03-02T09:00')).toBe('Scheduled title');
    expect(await preview('2099-03-02T08:59')).toBe('Published title');
    expect(await liveTitle()).toBe('Published title');
    const list = value(await api.editor.documents(caller({ editor: writer })));
    expect(list.find((d) => d.id === 'brand-tabs')?.scheduled).toEqual([{ version: saved.version, liveAt: '2099-03-02T14:00:00.000Z' }]);
    expect(value(await api.editor.audit(caller({ editor: writer })))[0]).toMatchObject({ action: 'schedule', documentId: 'brand-tabs' });
  });

  it('a schedule whose time has come is live without anything else happening', async () => {
    const doc = value(await api.editor.read(caller({ editor: publisher }), { id: 'brand-tabs' }));
    const saved = value(
      await api.editor.save(caller({ editor: publisher }), { id: 'brand-tabs', baseVersion: doc.version, content: retitled('Due title') }),
    );
    value(await api.editor.publish(caller({ editor: publisher }), { id: 'brand-tabs', version: saved.version }));
    // The publication's instant written a little ahead, as a schedule: it is live once that instant has passed.
    const ahead = new Date(Date.now() + 1500).toISOString();
    await t.db.kysely
      .updateTable('content_publications')
      .set({ live_at: ahead })
      .where('document_id', '=', 'brand-tabs')
      .where('version', '=', saved.version)
      .execute();
    expect(await liveTitle()).toBe('Published title');
    await expect.poll(liveTitle, { timeout: 5000 }).toBe('Due title');
  });

  it('a past time and a time that is not a New York time are refused naming the field', async () => {
    for (const at of ['2020-01-01T09:00', '2099-02-30T09:00', 'tomorrow']) {
      const refused = problem(await api.editor.publish(caller({ editor: publisher }), { id: 'brand-tabs', version: 1, at }));
      expect(refused?.status, at).toBe(400);
      expect(refused?.message, at).toMatch(/^at: /);
    }
  });

  it('a rollback is a new version with the old content, live at once; history is kept', async () => {
    const before = value(await api.editor.versions(caller({ editor: writer }), { id: 'brand-tabs' }));
    const rolled = value(await api.editor.rollback(caller({ editor: publisher }), { id: 'brand-tabs', toVersion: 1 }));
    expect(rolled.version).toBe(before[0]!.version + 1);
    expect(await liveTitle()).toBe(seedFile('brand-tabs').tabs[0].title);
    const after = value(await api.editor.versions(caller({ editor: writer }), { id: 'brand-tabs' }));
    expect(after.map((v) => v.version)).toEqual([rolled.version, ...before.map((v) => v.version)]);
    expect(after[0]!.publications).toHaveLength(1);
  });
});

describe('content slots and assets', () => {
  it('answer from the published documents', async () => {
    const assets = { assets: [{ id: 'returns-note', title: 'Free returns', body: 'Return within 60 days.' }] };
    const slots = { slots: [{ id: 'order-confirmation-top', assetIds: ['returns-note', 'missing'] }] };
    for (const [id, content] of [
      ['content-assets', assets],
      ['content-slots', slots],
    ] as const) {
      const saved = value(await api.editor.save(caller({ editor: publisher }), { id, baseVersion: 1, content }));
      value(await api.editor.publish(caller({ editor: publisher }), { id, version: saved.version }));
    }
    forgetLiveContent();
    expect(value(await api.content.assets(caller(), { ids: ['returns-note', 'unknown'] }))).toEqual(assets.assets);
    expect(value(await api.content.slot(caller(), { id: 'order-confirmation-top' }))).toEqual({
      id: 'order-confirmation-top',
      assets: assets.assets,
    });
    expect(value(await api.content.slot(caller(), { id: 'nowhere' }))).toBeNull();
  });
});
