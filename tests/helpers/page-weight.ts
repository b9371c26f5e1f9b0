// What a page costs on the wire: its HTML, its stylesheets and every JavaScript module it loads with it (the
// scripts and islands it names, and their static imports; modules imported with import() load on use and are not
// counted), each fetched as a browser fetches it (Accept-Encoding: br, gzip) and counted as sent, body bytes
// before decoding. Images are counted apart: most load lazily. Used by `npm run bench` and
// tests/api/compression.spec.ts, so the figure the bench prints is the one the test holds to its limit; firstScripts,
// what a page loads before the shopper scrolls, by tests/api/page-scripts.spec.ts.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Bytes as they came over the connection. */
  wire: number;
  /** The body decoded from its Content-Encoding. */
  text: string;
}

/** GET with the given request headers, without the transparent decoding fetch() does, so wire bytes can be counted. */
export function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<Fetched> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, wire: body.length, text: decoded.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export interface PageWeight {
  html: number;
  css: number;
  js: number;
  images: number;
  /** HTML + CSS + JS: what the page needs before it works. */
  total: number;
  files: { url: string; wire: number; encoding: string }[];
}

const BROWSER = { 'accept-encoding': 'br, gzip' };

/** Same-origin stylesheets, scripts, island modules and module preloads named by a page. */
export function referencedAssets(html: string): { css: string[]; js: string[]; images: string[] } {
  // Attribute values as the browser reads them: `&amp;` in an image URL's query is `&`.
  const all = (re: RegExp) => [...new Set([...html.matchAll(re)].map((m) => m[1]!.replaceAll('&amp;', '&')))];
  const js = all(/(?:src|component-url|renderer-url|before-hydration-url)="(\/[^"]+\.m?js)"/g);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="(\/[^"]+)"/g)) js.push(m[1]!);
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/[^"']+\.m?js)["']/g)) js.push(m[1]!);
  return {
    css: all(/<link[^>]+rel="stylesheet"[^>]*href="(\/[^"]+)"/g),
    js: [...new Set(js)],
    images: all(/<img[^>]+src="(\/[^"]+)"/g),
  };
}

/** Every module `roots` load with them, each fetched once with `get`: their static imports, not what import() loads on use. */
async function moduleClosure(base: string, roots: string[], get: (url: string) => Promise<Fetched>): Promise<(Fetched & { url: string })[]> {
  const loaded: (Fetched & { url: string })[] = [];
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const r = await get(url);
    loaded.push({ ...r, url });
    // Static imports only: an import() (quick shop, mini bag) loads on use, not with the page.
    for (const m of r.text.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.m?js)["']/g)) queue.push(new URL(m[1]!, new URL(url, base)).pathname);
  }
  return loaded;
}

/**
 * The JavaScript a page loads before the shopper scrolls or reaches for anything, as sent with `headers`: the
 * page's scripts and the islands it wakes by itself, with their static imports. Islands that wake when scrolled to
 * (client:visible) or at the first touch (`client:painted="touch"`) and modules loaded with import() on use are left
 * out, as they are on a phone until the shopper gets there (with `touched`, those of the first touch are counted;
 * with `scrolledTo`, the islands of the whole page). `react` says whether React's own chunk
 * is among them; `styles` are the stylesheets those modules load with what they import on use.
 */
export async function firstScripts(
  base: string,
  path: string,
  headers: Record<string, string>,
  { scrolledTo = false, touched = false } = {},
): Promise<{ js: number; react: boolean; files: { url: string; wire: number }[]; styles: string[] }> {
  const get = async (url: string) => {
    const r = await rawGet(base, url, headers);
    if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
    return r;
  };
  const page = await get(path);
  // Islands that wake when scrolled to, or at the shopper's first touch (`client:painted="touch"` or
  // `"touch:color,size"`: its options say so, HTML-escaped in the attribute; `path` names no choice), are left out.
  const waiting = /<astro-island\b[^>]*\b(?:client="visible"|opts="[^"]*&quot;value&quot;:&quot;touch(?:&quot;|:))[^>]*>/g;
  const woken = scrolledTo
    ? page.text
    : touched
      ? page.text.replace(/<astro-island\b[^>]*\bclient="visible"[^>]*>/g, '')
      : page.text.replace(waiting, '');
  const loaded = await moduleClosure(base, referencedAssets(woken).js, get);
  return {
    js: loaded.reduce((n, r) => n + r.wire, 0),
    // React DOM's production build names its error decoder's address.
    react: loaded.some((r) => r.text.includes('react.dev/errors/')),
    files: loaded.map(({ url, wire }) => ({ url, wire })).sort((a, b) => b.wire - a.wire),
    // The stylesheets the modules load with what they import on use (the bundler's preload list names them).
    styles: [...new Set(loaded.flatMap((r) => [...r.text.matchAll(/"(_astro\/[^"]+\.css)"/g)].map((m) => `/${m[1]}`)))],
  };
}

export async function pageWeight(base: string, path: string, headers: Record<string, string> = BROWSER): Promise<PageWeight> {
  const files: PageWeight['files'] = [];
  const get = async (url: string) => {
    const r = await rawGet(base, url, headers);
    if (r.status !== 200) throw new Error(`${url} answered ${r.status}`);
    files.push({ url, wire: r.wire, encoding: String(r.headers['content-encoding'] ?? 'identity') });
    return r;
  };
  const page = await get(path);
  const refs = referencedAssets(page.text);
  let css = 0;
  for (const url of refs.css) css += (await get(url)).wire;
  let js = 0;
  for (const r of await moduleClosure(base, refs.js, get)) js += r.wire;
  let images = 0;
  for (const url of refs.images) images += (await get(url)).wire;
  return { html: page.wire, css, js, images, total: page.wire + css + js, files };
}
