import { getDb } from '../db/database.ts';
import { catalogVersion } from '../commerce/catalog-version.ts';
import { searchDocuments } from './search-documents.ts';
import { buildCatalogSearch, type CatalogSearch } from './search-index.ts';

/**
 * How often each instance reads the catalog's version (one row) to learn that an import changed the catalog. A
 * change is then searchable on every instance within this plus the time to index the catalog again (about a second
 * at 100 000 products), all instances reading the same row of the same database.
 */
const VERSION_CHECK_MS = 3000;

interface Holder {
  /** The index being served; replaced whole once a newer one is built, so a query never sees half an index. */
  index: CatalogSearch | undefined;
  version: number | undefined;
  building: Promise<CatalogSearch> | undefined;
  timer: NodeJS.Timeout | undefined;
}

/**
 * The process's index lives on globalThis: the production server (src/server/main.ts) builds it before it listens,
 * with its own copy of this module, and the server bundle's copy must serve that same index.
 */
const SHARED = Symbol.for('storefront.search');
type WithSearch = typeof globalThis & { [SHARED]?: Holder };

function holder(): Holder {
  const g = globalThis as WithSearch;
  g[SHARED] ??= { index: undefined, version: undefined, building: undefined, timer: undefined };
  return g[SHARED];
}

async function build(h: Holder): Promise<CatalogSearch> {
  const db = await getDb();
  const started = Date.now();
  // The version first: a change made while the documents are read is seen as newer at the next check.
  const version = await catalogVersion(db);
  const index = await buildCatalogSearch(searchDocuments(db));
  h.index = index;
  h.version = version;
  console.info(`[search] indexed ${index.size} products (catalog version ${version}) in ${Date.now() - started} ms`);
  return index;
}

function rebuild(h: Holder): Promise<CatalogSearch> {
  h.building ??= build(h).finally(() => (h.building = undefined));
  return h.building;
}

async function checkVersion(h: Holder): Promise<void> {
  if (h.building) return;
  const version = await catalogVersion(await getDb());
  if (version !== h.version) await rebuild(h);
}

function watch(h: Holder): void {
  if (h.timer) return;
  h.timer = setInterval(() => {
    checkVersion(h).catch((err) => console.error('[search] refresh failed', err));
  }, VERSION_CHECK_MS);
  h.timer.unref();
}

/**
 * The catalog version the index being served was built from (undefined before the first build). Part of the page
 * cache's stamp: category and search pages list what the index finds, so a page rendered after the catalog changed
 * but before the new index was swapped in must not be kept as the new catalog's page.
 */
export const searchIndexVersion = (): number | undefined => holder().version;

/** The current index; built on first use only where nothing prepared it (astro dev, scripts). */
export function catalogSearch(): Promise<CatalogSearch> {
  const h = holder();
  watch(h);
  return h.index ? Promise.resolve(h.index) : rebuild(h);
}

/** Builds the index before the server takes traffic (src/server/main.ts), and keeps it following the catalog. */
export async function prepareSearch(): Promise<void> {
  await catalogSearch();
}
