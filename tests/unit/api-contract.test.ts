import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API } from '#src/lib/api/contract.ts';
import { REPLIES } from '#src/lib/api/replies/index.ts';
import { REQUESTS } from '#src/lib/api/requests.ts';

/**
 * The endpoint table (src/lib/api/contract.ts) and the endpoint files under src/pages name the same endpoints: each
 * JSON endpoint file is declared with its entry (same path, same method), and each entry has its file.
 */
const PAGES = join(import.meta.dirname, '../../src/pages');
const ENDPOINT_FOLDERS = ['api', 'checkout/api'];
/** Routes a browser navigates to (the social sign-in popup), answering with a redirect or a page, not JSON. */
const NAVIGATIONS = new Set(['/api/global/social/[provider]/start', '/checkout/api/[provider]logincallback']);

/** Route files: Astro makes no route of a file whose name starts with an underscore (a module the routes share). */
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('_'))
    .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));

const routeOf = (file: string) =>
  `/${relative(PAGES, file)
    .replace(/\.ts$/, '')
    .replace(/\/index$/, '')}`;
const bare = (path: string) => path.replace(/\/$/, '');

const endpointFiles = ENDPOINT_FOLDERS.flatMap((folder) => files(join(PAGES, folder))).map((file) => {
  const text = readFileSync(file, 'utf8');
  return {
    route: routeOf(file),
    methods: [...text.matchAll(/export const (GET|POST|PUT|DELETE|PATCH)\b/g)].map((m) => m[1]),
    entries: [...text.matchAll(/(?:apiEndpoint|placeOrderEndpoint)\(API\.(\w+)/g)].map((m) => m[1]!),
  };
});

describe('the endpoint table', () => {
  it('has an entry for every endpoint file, declared with it, with the file’s path and method', () => {
    const json = endpointFiles.filter((f) => !NAVIGATIONS.has(f.route));
    expect(json.length).toBeGreaterThan(40);
    for (const file of json) {
      // One entry per method the file exports (a document's GET and PUT share a route), in the same order.
      expect(file.entries.length, `${file.route} is declared with one entry of the table per method`).toBeGreaterThan(0);
      const entries = file.entries.map((name) => API[name as keyof typeof API]);
      for (const [i, entry] of entries.entries()) {
        expect(entry, `${file.route}: API.${file.entries[i]}`).toBeDefined();
        expect(bare(entry.path), `API.${file.entries[i]}`).toBe(file.route);
      }
      expect(file.methods, file.route).toEqual(entries.map((e) => e.method));
    }
  });

  it('has a file for every entry, and a schema for every request and reply it names', () => {
    const routes = new Set(endpointFiles.map((f) => f.route));
    for (const [name, entry] of Object.entries(API)) {
      expect(routes.has(bare(entry.path)), `API.${name} ${entry.path}`).toBe(true);
      expect(REPLIES[entry.reply], `API.${name} reply ${entry.reply}`).toBeDefined();
      if ('request' in entry) expect(REQUESTS[entry.request], `API.${name} request ${entry.request}`).toBeDefined();
    }
  });

  it('names every request and reply schema it holds', () => {
    const entries = Object.values(API);
    expect(Object.keys(REQUESTS).filter((n) => !entries.some((e) => 'request' in e && e.request === n))).toEqual([]);
    expect(Object.keys(REPLIES).filter((n) => !entries.some((e) => e.reply === n))).toEqual([]);
  });

  it('names each endpoint once', () => {
    const keys = Object.values(API).map((e) => `${e.method} ${bare(e.path)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
