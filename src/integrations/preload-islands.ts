// `<link rel="modulepreload">` in each built page for every script its `client:load` islands import, so the browser
// fetches them all as soon as it reads the head. Without them it finds them one level at a time: the island's
// component file, then the chunks that file imports, then theirs, a network round trip each before the island can
// render (on a phone's connection, three round trips were most of /checkout's LCP). Islands that hydrate later
// (client:visible, client:idle) are left out: preloading them would compete with what the shopper sees first.
// Static imports are read with es-module-lexer (the lexer Vite itself uses), never with a regular expression.
import type { AstroIntegration } from 'astro';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init, parse } from 'es-module-lexer';

/** The start tags of islands that hydrate as the page loads. */
const LOAD_ISLAND = /<astro-island\b[^>]*\bclient="load"[^>]*>/g;
const URL_ATTRIBUTES = /\b(?:component-url|renderer-url)="([^"]+)"/g;

/** The scripts a page's `client:load` islands start from (their component and renderer), in page order. */
export function loadIslandEntries(html: string): string[] {
  const entries: string[] = [];
  for (const [tag] of html.matchAll(LOAD_ISLAND)) {
    for (const [, url] of tag.matchAll(URL_ATTRIBUTES)) if (url && !entries.includes(url)) entries.push(url);
  }
  return entries;
}

/**
 * Every script reached from `entries` by static imports, the entries first, then level by level. `read` gives a
 * built script's source by its URL path (/_astro/x.js); a URL it does not know (another origin, a missing file) is
 * kept but not followed.
 */
export async function staticImportClosure(entries: string[], read: (urlPath: string) => Promise<string | null>): Promise<string[]> {
  await init;
  const seen = new Set(entries);
  const order = [...entries];
  for (let i = 0; i < order.length; i++) {
    const source = await read(order[i]!);
    if (source === null) continue;
    const [imports] = parse(source);
    for (const imp of imports) {
      // d === -1: a static import (dynamic imports load only when used; import.meta is -2).
      if (imp.d !== -1 || !imp.n || !imp.n.startsWith('.')) continue;
      const url = posix.join(posix.dirname(order[i]!), imp.n);
      if (!seen.has(url)) {
        seen.add(url);
        order.push(url);
      }
    }
  }
  return order;
}

/** The page with a modulepreload link for each of `urls` not already linked, placed at the end of its head. */
export function withModulePreloads(html: string, urls: string[]): string {
  const missing = urls.filter((u) => !html.includes(`rel="modulepreload" href="${u}"`));
  if (missing.length === 0 || !html.includes('</head>')) return html;
  return html.replace('</head>', `${missing.map((u) => `<link rel="modulepreload" href="${u}">`).join('')}</head>`);
}

/** Adds the preloads to every HTML page under `dir` (the client build output). Returns how many pages changed. */
export async function preloadIslandScripts(dir: string): Promise<number> {
  const cache = new Map<string, Promise<string | null>>();
  const read = (urlPath: string) => {
    let source = cache.get(urlPath);
    if (!source) {
      source = urlPath.startsWith('/') ? readFile(join(dir, urlPath), 'utf8').catch(() => null) : Promise.resolve(null);
      cache.set(urlPath, source);
    }
    return source;
  };
  const pages = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
  let changed = 0;
  for (const page of pages) {
    const html = await readFile(page, 'utf8');
    const entries = loadIslandEntries(html);
    if (entries.length === 0) continue;
    const next = withModulePreloads(html, await staticImportClosure(entries, read));
    if (next !== html) {
      await writeFile(page, next);
      changed++;
    }
  }
  return changed;
}

/** Runs before precompress() (astro.config.mjs), so the compressed copies carry the links too. */
export function preloadIslands(): AstroIntegration {
  return {
    name: 'store:preload-islands',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const pages = await preloadIslandScripts(fileURLToPath(dir));
        logger.info(`modulepreload links for client:load islands in ${pages} pages`);
      },
    },
  };
}
