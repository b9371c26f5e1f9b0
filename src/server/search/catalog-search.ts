import { getDb } from '../db/database.ts';
import { loadSearchDocuments } from '../catalog/catalog-queries.ts';
import { CatalogSearch } from './search-index.ts';

/** The process's search index: built lazily on first use, rebuilt in the background when older than this. */
const INDEX_MAX_AGE_MS = 10 * 60 * 1000;

let current: { index: Promise<CatalogSearch>; builtAt: number } | undefined;

async function build(): Promise<CatalogSearch> {
  const started = Date.now();
  const index = new CatalogSearch(await loadSearchDocuments(await getDb()));
  console.info(`[search] indexed ${index.size} products in ${Date.now() - started} ms`);
  return index;
}

export function catalogSearch(): Promise<CatalogSearch> {
  if (!current) {
    current = { index: build(), builtAt: Date.now() };
    current.index.catch(() => (current = undefined));
  } else if (Date.now() - current.builtAt > INDEX_MAX_AGE_MS) {
    const previous = current.index;
    const next = build();
    current = { index: previous, builtAt: Date.now() };
    next.then(
      (index) => {
        if (current) current.index = Promise.resolve(index);
      },
      (err) => console.error('[search] rebuild failed', err),
    );
  }
  return current.index;
}
