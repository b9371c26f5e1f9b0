// The files the build wrote for the browser (dist/client), served in front of Astro: for each request the brotli
// or gzip copy made at build time (src/integrations/precompress.ts) when Accept-Encoding allows, else the file
// itself. `send` (the library the Node adapter serves these files with) reads the file and answers HEAD, Range,
// If-None-Match and If-Modified-Since; `negotiator` reads Accept-Encoding with its q-values. The folder is indexed
// once at start-up, so finding a file costs a map lookup. Requests for anything else go on to Astro.
import { readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { contentType } from 'mime-types';
import { chooseEncoding as chooseEncodingFor } from '#src/web/http/encoding.ts';
import { BUILD_ASSETS_PREFIX, DOCUMENT_ONLY_HEADERS } from '#src/web/http/security-headers.ts';
import send from 'send';

export type Next = () => void;
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/** Astro's hashed build output: a changed file gets a new name, so browsers may keep these for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (prerendered pages, media): revalidated on each use, as the Node adapter served them. */
export const REVALIDATE = 'public, max-age=0';

/** Encodings in the order we prefer them when the browser accepts several equally, and their file suffixes. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

interface StaticFile {
  /** Path under the client folder, with forward slashes and a leading slash. */
  file: string;
  /** Encodings with a precompressed copy beside the file. */
  encodings: string[];
}

/**
 * URL path → file, as the adapter resolves them (trailingSlash 'ignore', directory build format): a folder's
 * index.html answers for the folder with and without its slash. Dotfiles stay out, but for /.well-known/.
 */
export function indexClientFiles(clientDir: string): Map<string, StaticFile> {
  const names = new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => `/${relative(clientDir, join(e.parentPath, e.name)).split(sep).join('/')}`),
  );
  const index = new Map<string, StaticFile>();
  for (const file of names) {
    if (ENCODINGS.some((e) => file.endsWith(e.suffix) && names.has(file.slice(0, -e.suffix.length)))) continue;
    if (/\/\./.test(file) && !file.startsWith('/.well-known/')) continue;
    const entry = { file, encodings: ENCODINGS.filter((e) => names.has(file + e.suffix)).map((e) => e.name) };
    index.set(file, entry);
    if (file.endsWith('/index.html')) {
      const folder = file.slice(0, -'index.html'.length);
      index.set(folder, entry);
      if (folder !== '/') index.set(folder.slice(0, -1), entry);
    }
  }
  return index;
}

export function cacheControlFor(pathname: string, assetsPrefix = BUILD_ASSETS_PREFIX): string {
  return pathname.startsWith(assetsPrefix) ? IMMUTABLE : REVALIDATE;
}

/** The encoding to send for a Node request (src/web/http/encoding.ts). */
export const chooseEncoding = (req: Pick<IncomingMessage, 'headers'>, available: readonly string[]): string => {
  const accepted = req.headers['accept-encoding'];
  return chooseEncodingFor(Array.isArray(accepted) ? accepted.join(', ') : accepted, available);
};

export function staticFiles(clientDir: string, assetsPrefix = BUILD_ASSETS_PREFIX): Middleware {
  const index = indexClientFiles(clientDir);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    let pathname = q >= 0 ? url.slice(0, q) : url;
    try {
      pathname = decodeURI(pathname);
    } catch {
      return next();
    }
    const found = index.get(pathname);
    if (!found) return next();

    const encoding = chooseEncoding(req, found.encodings);
    const suffix = ENCODINGS.find((e) => e.name === encoding)?.suffix ?? '';
    // Set before `send` looks at the file: a 304 keeps them (it drops only the Content-* fields).
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', cacheControlFor(pathname, assetsPrefix));
    if (suffix) {
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Type', contentType(found.file.slice(found.file.lastIndexOf('.'))) || 'application/octet-stream');
    }

    // A hashed file never changes under its name: its entity tag is all a cache needs to check it, so its date is
    // left off the 20 or so files of each page (and a condition on a date it does not send is not one it can fail),
    // and so are the headers that act on a document alone.
    const hashed = pathname.startsWith(assetsPrefix);
    // Kept aside only for a hashed file, which loses them: a missing one is answered by Astro as a document.
    let documentHeaders: (readonly [string, ReturnType<typeof res.getHeader>])[] = [];
    if (hashed) {
      delete req.headers['if-unmodified-since'];
      documentHeaders = DOCUMENT_ONLY_HEADERS.map((name) => [name, res.getHeader(name)] as const);
      for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
    }
    const stream = send(req, (found.file + suffix).split('/').map(encodeURIComponent).join('/'), {
      root: clientDir,
      dotfiles: 'allow',
      index: false,
      lastModified: !hashed,
    });
    let fileFound = false;
    stream.on('file', () => (fileFound = true));
    stream.on('error', (err: Error & { status?: number }) => {
      // Gone since start-up: Astro answers as for any other path. Otherwise `send`'s own refusal (412, 416).
      if (!fileFound) {
        for (const name of ['Vary', 'Cache-Control', 'Content-Encoding', 'Content-Type']) res.removeHeader(name);
        for (const [name, value] of documentHeaders) if (value !== undefined) res.setHeader(name, value);
        return next();
      }
      res.statusCode = err.status ?? 500;
      res.end();
    });
    stream.pipe(res);
  };
}
