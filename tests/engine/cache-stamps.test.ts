import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { sql, type LogEvent } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as bagFacade from '#src/server/bag/basket-facade.ts';
import * as catalogFacade from '#src/server/catalog/catalog-facade.ts';
import { callSession } from '#src/server/session/call-session.ts';
import { FEED_TABLES } from '#src/server/catalog/feed-rows.ts';
import { writeCheckout } from '#src/server/checkout/checkout-store.ts';
import { addItem, setShippingState, updateItemQuantity } from '#src/server/commerce/basket.ts';
import { readProduct } from '#src/server/commerce/catalog.ts';
import { readCatalogStamp, stopCatalogWatch } from '#src/server/commerce/catalog-version.ts';
import { applyCode } from '#src/server/commerce/coupons.ts';
import { embeddedEngine } from '#src/server/commerce/engine.ts';
import { createDb, type Db } from '#src/server/db/database.ts';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import { applyGiftCard } from '#src/server/tenders/bag-tenders.ts';
import { applyCertificate, applyRewards } from '#src/server/tenders/reward-tenders.ts';
import { freshDb, PG_URL, type TestDb } from '../helpers/db.ts';
import { giftCardIssuer } from '../helpers/gift-card-fixtures.ts';
import { certificateFor, grantRewards, rewardsCustomer } from '../helpers/rewards-fixtures.ts';

/**
 * Kept priced bags (src/server/bag/priced-bags.ts) and cached pages (src/server/http/page-cache.ts) are used for as
 * long as their stamp holds, so every table they are made from must change the stamp when it is written, or a
 * shopper sees an old total or an old page with nothing to say so. The tables are not listed here: each read runs
 * through the store's own code on the configured database with Kysely's query log on, and every table its SQL names
 * must be
 * - guarded by triggers on insert, update and delete that raise the bag's version (migration 016) or the catalog's
 *   (migrations 014, 016, 022), read from the database's own catalog of triggers; or
 * - read by the stamp itself (the bag's stamp reads its lines' stock, basket-stamp.ts); or
 * - one of the catalog import's tables (FEED_TABLES), which the import raises the catalog's version for when it
 *   changes them (tests/engine/catalog-import.test.ts). Stock taken by an order does not raise it, on purpose: a kept
 *   bag reads its lines' stock in its stamp, and a page's purchase area asks for stock when it hydrates.
 * A new table that a bag's price or a page depends on (gift card tenders, say) therefore fails here until a
 * migration gives it a trigger. A new kind of bag content belongs in the bag below, so that its queries run.
 */

const recording = vi.hoisted(() => ({ db: undefined as Db | undefined }));
// The facades reach the database through getDb(): here, the handle with the query log.
vi.mock(import('#src/server/db/database.ts'), async (original) => ({
  ...(await original()),
  getDb: async () => {
    if (!recording.db) throw new Error('No recording database yet.');
    return recording.db;
  },
}));

type Version = 'bag' | 'catalog';
type Event = 'insert' | 'update' | 'delete';
interface Guard {
  table: string;
  event: Event;
  raises: Version;
}
const EVENTS: readonly Event[] = ['insert', 'update', 'delete'];

let t: TestDb;
const statements: string[] = [];
let known: Set<string>;

/** The tables `run` names in the SQL it sends (Kysely writes one table after each FROM, JOIN, INTO and UPDATE). */
async function tablesNamedBy(run: () => Promise<unknown>): Promise<Set<string>> {
  statements.length = 0;
  await run();
  const named = new Set<string>();
  for (const statement of statements) {
    for (const m of statement.matchAll(/\b(?:from|join|into|update)\s+(?:"?\w+"?\s*\.\s*)?"?(\w+)"?/gi)) {
      if (known.has(m[1]!)) named.add(m[1]!);
    }
  }
  return named;
}

async function tableNames(db: Db): Promise<Set<string>> {
  const { rows } =
    db.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db.kysely)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db.kysely);
  return new Set(rows.map((r) => r.name));
}

/** Which version a trigger's body raises: the bag's (its row's `version`) or the catalog's (catalog_state). */
function raisedBy(body: string): Version | undefined {
  if (/update\s+"?baskets"?\s+set\s+"?version"?/i.test(body) || /new\.version\s*:=/i.test(body)) return 'bag';
  if (/update\s+"?catalog_state"?\s+set/i.test(body)) return 'catalog';
  return undefined;
}

/** Every trigger of the database that raises a version, per table and event. */
async function versionTriggers(db: Db): Promise<Guard[]> {
  const guards: Guard[] = [];
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ table: string; body: string }>`select tbl_name as "table", sql as body from sqlite_master
      where type = 'trigger'`.execute(db.kysely);
    for (const { table, body } of rows) {
      const event = /\b(?:before|after|instead\s+of)\s+(insert|update|delete)\b/i.exec(body)?.[1]?.toLowerCase() as Event | undefined;
      const raises = raisedBy(body);
      if (event && raises) guards.push({ table, event, raises });
    }
    return guards;
  }
  const functions = await sql<{ name: string; body: string }>`select p.proname as name, p.prosrc as body from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema()`.execute(db.kysely);
  const bodies = new Map(functions.rows.map((f) => [f.name, f.body]));
  const { rows } = await sql<{ table: string; event: string; action: string }>`select event_object_table as "table",
    event_manipulation as event, action_statement as action from information_schema.triggers
    where trigger_schema = current_schema()`.execute(db.kysely);
  for (const { table, event, action } of rows) {
    const fn = /function\s+(?:"?\w+"?\.)?"?(\w+)"?\s*\(/i.exec(action)?.[1];
    const raises = raisedBy(bodies.get(fn ?? '') ?? '');
    if (raises) guards.push({ table, event: event.toLowerCase() as Event, raises });
  }
  return guards;
}

/** The tables `read` names that nothing listed above keeps its cache's stamp honest for, in name order. */
function unguarded(read: Set<string>, by: { guards: Guard[]; versions: Version[]; stampReads: Set<string> }): string[] {
  const feed = new Set<string>(FEED_TABLES);
  const triggered = (table: string) =>
    EVENTS.every((event) => by.guards.some((g) => g.table === table && g.event === event && by.versions.includes(g.raises)));
  return [...read].filter((table) => !by.stampReads.has(table) && !feed.has(table) && !triggered(table)).sort();
}

// What each cache runs, recorded once.
let bagReads: Set<string>;
let bagStampReads: Set<string>;
let pageReads: Set<string>;
let pageStampReads: Set<string>;
let guards: Guard[];

/** A visitor without a session, as a cached page is rendered for (the catalog's operations read no session). */
const visitor = callSession({ session: null, client: 'cache-stamps', requestId: 'cache-stamps' });
const catalog = catalogFacade.catalogOperations;

/**
 * The commerce API's catalog operations the cached pages call, each run as a page runs it. The last test checks that
 * the pages call no other (nor any other resource, nor a server module).
 */
const PAGE_READS: Record<string, () => Promise<unknown>> = {
  home: () => catalog.home(visitor),
  productPage: () => catalog.productPage(visitor, { slug: 'ca-7001' }),
  brands: () => catalog.brands(visitor),
  brandProducts: () => catalog.brandProducts(visitor, { brand: 'ca' }),
  categoryIds: () => catalog.categoryIds(visitor),
  list: async () => {
    await catalog.list(visitor, { q: 'tee', sort: 'price-asc', page: 1 });
    await catalog.list(visitor, { category: 'tops', sort: 'relevance', page: 2 });
  },
  quickOrder: () => catalog.quickOrder(visitor, { itemNumber: '7001' }),
};

beforeAll(async () => {
  t = await freshDb();
  const log = (event: LogEvent) => {
    if (event.level === 'query') statements.push(event.query.sql);
  };
  const db = createDb(PG_URL ? { databaseUrl: PG_URL, pgSchema: t.pgSchema, log } : { sqliteFile: t.file!, log });
  recording.db = db;
  known = await tableNames(db);
  guards = await versionTriggers(db);

  // A bag with every kind of line and choice: a free gift earned and claimed, an e-gift card, hemmed trousers, a
  // code, a gift card, a certificate and rewards applied as payment, a state, the checkout's extras; and a bag whose free gift is no longer earned (its read removes it).
  const trousers = (await readProduct(db, 'ca-7001'))!.variants.find((v) => v.inStock && v.sizeFamily === 'Misses')!;
  const { basketId } = await addItem(db, null, { productId: 'ww-2001-ivr-M', quantity: 2 });
  await addItem(db, basketId, { productId: 'fb-1007-ivr', quantity: 1, bonusDiscountLineItemId: 'bonus-tote-75' });
  await addItem(db, basketId, { productId: 'gc-2-gc-100', quantity: 1, giftCardRecipient: 'A', giftCardSender: 'B' });
  await addItem(db, basketId, {
    productId: trousers.id,
    quantity: 1,
    optionItems: [{ optionId: 'hemming', optionValueId: '1' }],
    hemmingInseamLength: '28',
  });
  expect((await applyCode(db, basketId, 'SAVE15', '', false)).statusCode).toBe('applied');
  const card = await (await giftCardIssuer(db)).card(2000);
  await applyGiftCard(db, basketId, card.number, card.pin, 'cache-stamps');
  // A member's certificate and rewards dollars applied as payment: priced from their certificate, ledger and membership.
  const member = await rewardsCustomer(db, ['elq']);
  await grantRewards(db, member.id, 'elq', 500);
  await applyCertificate(db, basketId, member.id, (await certificateFor(db, member.id, 300)).number);
  await applyRewards(db, basketId, member.id, 'zq');
  await setShippingState(db, basketId, 'NY');
  await withWriteTransaction(db, (tx) => writeCheckout(tx, basketId, { ecoship: true, protection: 2 }));
  const stale = await addItem(db, null, { productId: 'ww-2001-ivr-M', quantity: 2 });
  await addItem(db, stale.basketId, { productId: 'fb-1007-ivr', quantity: 1, bonusDiscountLineItemId: 'bonus-tote-75' });
  await updateItemQuantity(db, stale.basketId, stale.itemId, 1);

  // The bag cache's read (basket-facade.ts readBasket: its stamps, then the pricer) and its two stamps alone.
  // A call whose session was read before: the bag's stamp is read on its own (a first read takes it with the session,
  // from the same columns: basket-stamp.ts).
  const session = (id: string) =>
    ({
      session: async () => ({ basketId: id }),
      sessionWith: async () => ({ session: { basketId: id }, with: undefined }),
    }) as unknown as Parameters<typeof bagFacade.readBasket>[0];
  bagReads = await tablesNamedBy(async () => {
    const view = await bagFacade.readBasket(session(basketId));
    expect(view.couponItems).toHaveLength(1);
    expect(view.tenders).toHaveLength(3);
    expect(view.bonusOffers).toHaveLength(1);
    expect((await bagFacade.readBasket(session(stale.basketId))).notices).not.toEqual([]);
  });
  const engine = embeddedEngine(db);
  bagStampReads = await tablesNamedBy(async () => {
    await engine.basketStamp(basketId);
    await readCatalogStamp(db);
  });

  // The page cache's stamp (the catalog's stamp operation, as src/server/node-platform.ts reads it) and the pages'
  // reads. The instance keeps the stamp it read (catalog-version.ts): dropped first, so that what it is made of is
  // read here.
  await stopCatalogWatch(db);
  pageStampReads = await tablesNamedBy(() => catalog.stamp(visitor));
  pageReads = await tablesNamedBy(async () => {
    for (const read of Object.values(PAGE_READS)) await read();
  });
});
afterAll(async () => {
  if (recording.db) await stopCatalogWatch(recording.db);
  await recording.db?.kysely.destroy();
  await t.cleanup();
});

describe('the tables kept bags and cached pages are made from', () => {
  it("are read by the bag's pricer, and every one of them changes the bag's stamp when written", () => {
    // The recording saw the pricer's tables, not only the stamp's.
    expect([...bagReads]).toEqual(expect.arrayContaining(['basket_items', 'basket_coupons', 'variants', 'promotions', 'bonus_promotions']));
    expect(
      unguarded(bagReads, { guards, versions: ['bag', 'catalog'], stampReads: bagStampReads }),
      'tables a kept bag is priced from that no trigger raises the bag or catalog version for',
    ).toEqual([]);
  });

  it("are read by the cached pages, and every one of them changes the page cache's stamp when written", () => {
    expect([...pageReads]).toEqual(expect.arrayContaining(['products', 'variants', 'brands', 'promotions']));
    expect(
      unguarded(pageReads, { guards, versions: ['catalog'], stampReads: pageStampReads }),
      'tables a cached page is rendered from that no trigger raises the catalog version for',
    ).toEqual([]);
  });

  it('name a table whose triggers are gone, a table guarded for one event only, and a bag table on a page', async () => {
    const db = recording.db!;
    const bag = { versions: ['bag', 'catalog'] as Version[], stampReads: bagStampReads };
    const page = { versions: ['catalog'] as Version[], stampReads: pageStampReads };
    const newly = (now: string[], before: string[]) => now.filter((table) => !before.includes(table));
    expect(await dropTriggers(db, 'basket_coupons')).toBeGreaterThan(0);
    const withoutCoupons = await versionTriggers(db);
    expect(newly(unguarded(bagReads, { ...bag, guards: withoutCoupons }), unguarded(bagReads, { ...bag, guards }))).toEqual(['basket_coupons']);
    const brandsOnInsert = guards.filter((g) => g.table !== 'brands' || g.event === 'insert');
    expect(newly(unguarded(pageReads, { ...page, guards: brandsOnInsert }), unguarded(pageReads, { ...page, guards }))).toEqual(['brands']);
    // The bag's version does not guard a page.
    expect(unguarded(new Set(['basket_items', 'products']), { ...page, guards })).toEqual(['basket_items']);
  });

  it('include everything the cached pages read: they reach the engine through the catalog operations run here only', () => {
    const { catalog: called, other } = commerceCallsOfSharedPages();
    expect(other, 'server modules and other resources a cached page reaches besides the catalog').toEqual([]);
    expect(called.length).toBeGreaterThan(0);
    expect(
      called.filter((name) => !(name in PAGE_READS)),
      'catalog operations a cached page calls that PAGE_READS does not run',
    ).toEqual([]);
  });
});

/** Drops every trigger on `table`; how many there were. */
async function dropTriggers(db: Db, table: string): Promise<number> {
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and tbl_name = ${table}`.execute(db.kysely);
    for (const { name } of rows) await sql`drop trigger ${sql.id(name)}`.execute(db.kysely);
    return rows.length;
  }
  const { rows } = await sql<{ name: string }>`select distinct trigger_name as name from information_schema.triggers
    where trigger_schema = current_schema() and event_object_table = ${table}`.execute(db.kysely);
  for (const { name } of rows) await sql`drop trigger ${sql.id(name)} on ${sql.table(table)}`.execute(db.kysely);
  return rows.length;
}

const SRC = resolve(import.meta.dirname, '../../src');

function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? astroFiles(path) : entry.name.endsWith('.astro') ? [path] : [];
  });
}

/**
 * What the pages the page cache keeps (those that set Astro.locals.sharedPage), and the .astro components and layouts
 * they use, reach of the engine: their commerce API calls (`commerce.<resource>.<operation>(`), the catalog's by
 * operation, any other resource's and any server module they import by name.
 */
function commerceCallsOfSharedPages(): { catalog: string[]; other: string[] } {
  const catalog = new Set<string>();
  const other = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const frontmatter = readFileSync(file, 'utf8').split(/^---$/m)[1] ?? '';
    for (const [, resource, operation] of frontmatter.matchAll(/\bcommerce\.(\w+)\.(\w+)\(/g) as Iterable<[string, string, string]>) {
      if (resource === 'catalog') catalog.add(operation);
      else other.add(`${resource}.${operation}`);
    }
    for (const m of frontmatter.matchAll(/import\s+(type\s+)?([\w\s{},]*?)\s*from\s*'([^']+)'/g)) {
      const [, typeOnly, , specifier] = m as unknown as [string, string | undefined, string, string];
      const path = specifier.startsWith('#src/')
        ? join(SRC, specifier.slice(5))
        : specifier.startsWith('.')
          ? resolve(dirname(file), specifier)
          : undefined;
      if (!path) continue;
      if (path.endsWith('.astro')) visit(path);
      if (!typeOnly && path.startsWith(join(SRC, 'server')) && !path.endsWith(join('server', 'config.ts'))) other.add(path.slice(SRC.length + 1));
    }
  };
  for (const page of astroFiles(join(SRC, 'pages'))) {
    if (/Astro\.locals\.sharedPage\s*=\s*true/.test(readFileSync(page, 'utf8'))) visit(page);
  }
  return { catalog: [...catalog].sort(), other: [...other].sort() };
}
