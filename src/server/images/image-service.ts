// The image service: GET /img/<path>?sw=&sh=&sm=&q=&strip=&size=&v= makes the photograph /media/<path> at the
// asked size (src/lib/images/image-params.ts) in the format the browser takes best (format.ts), keeps it on disk
// (disk-cache.ts) and answers with an ETag, `Vary: Accept`, and a year of immutable caching when the URL's version
// is the served media's (media-stamp.ts). It stands in front of Astro (src/server/front.ts; `astro dev` mounts
// it too), so an image costs no page rendering. Several requests for one variant not yet made wait for one making.
// Bad parameters are 400s, unknown images 404s, with the API's JSON error shape.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { canonicalParams, type ImageParams, parseImageParams } from '#src/lib/images/image-params.ts';
import { IMAGE_PREFIX } from '#src/lib/images/image-urls.ts';
import { config } from '../config.ts';
import { failure } from '#src/web/http/api.ts';
import { IMMUTABLE } from '../http/static-files.ts';
import { ImageDiskCache, type DiskCacheBounds } from './disk-cache.ts';
import { CONTENT_TYPES, chooseImageFormat, EXTENSIONS, type ImageFormat } from './format.ts';
import { mediaStamp } from './media-stamp.ts';
import { makeVariant } from './transform.ts';

/** A URL without the current version may name other content tomorrow: the browser asks again (a 304 if unchanged). */
export const REVALIDATE_IMAGE = 'public, max-age=0, must-revalidate';
const SOURCE_PATH = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.(?:jpe?g|png|svg|webp)$/;

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** What is known of a source: its content hash. Its bytes are read again only to make a variant (a miss). */
interface Source {
  file: string;
  hash: string;
  mtimeMs: number;
  size: number;
}

export interface ImageServiceOptions {
  /** Where the sources are: the build's media folder (dist/client/media), or public/media under `astro dev`. */
  mediaDir: string;
  cacheDir: string;
  bounds: DiskCacheBounds;
  /** The media stamp; computed from mediaDir when not given. */
  stamp?: string;
}

async function sendError(res: ServerResponse, status: number, message: string): Promise<void> {
  const reply = failure(status, message);
  res.writeHead(reply.status, Object.fromEntries(reply.headers));
  res.end(await reply.text());
}

export function imageService(options: ImageServiceOptions): Middleware {
  const mediaDir = resolve(options.mediaDir);
  const stamp = options.stamp ?? mediaStamp(mediaDir);
  const cache = new ImageDiskCache(options.cacheDir, options.bounds);
  const sources = new Map<string, Source>();
  const making = new Map<string, Promise<Buffer>>();

  /** The source's content hash, hashed again only when the file changed (`astro dev`, `npm run media`). */
  async function source(relativePath: string): Promise<Source | null> {
    const file = resolve(mediaDir, relativePath);
    if (!file.startsWith(mediaDir + sep)) return null;
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const known = sources.get(file);
    if (known && known.mtimeMs === info.mtimeMs && known.size === info.size) return known;
    const data = await readFile(file);
    const found = { file, hash: createHash('sha256').update(data).digest('hex'), mtimeMs: info.mtimeMs, size: info.size };
    sources.set(file, found);
    return found;
  }

  async function variant(
    key: string,
    src: Source,
    isSvg: boolean,
    params: ImageParams,
    format: ImageFormat,
  ): Promise<{ data: Buffer; made: string }> {
    const file = `${key}.${EXTENSIONS[format]}`;
    const joining = making.get(key);
    if (joining) return { data: await joining, made: 'coalesced' };
    const kept = await cache.get(file);
    if (kept) return { data: kept, made: 'hit' };
    // Looked again: another request may have started making it while this one read the disk.
    const inFlight = making.get(key);
    if (inFlight) return { data: await inFlight, made: 'coalesced' };
    const work = readFile(src.file).then(async (source) => {
      const data = await makeVariant(source, isSvg, params, format);
      await cache.put(file, data);
      return data;
    });
    making.set(key, work);
    try {
      return { data: await work, made: 'miss' };
    } finally {
      making.delete(key);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return sendError(res, 405, 'Images are read with GET or HEAD.');
    }
    let path: string;
    try {
      path = decodeURIComponent(url.pathname.slice(IMAGE_PREFIX.length));
    } catch {
      return sendError(res, 400, 'The image path is not valid.');
    }
    if (!SOURCE_PATH.test(path)) return sendError(res, 404, 'There is no such image.');
    const parsed = parseImageParams(url.searchParams);
    if (!parsed.ok) return sendError(res, 400, parsed.message);
    const src = await source(path);
    if (!src) return sendError(res, 404, 'There is no such image.');

    const format = chooseImageFormat(req.headers.accept, path);
    const key = createHash('sha256')
      .update(`${src.hash}|${canonicalParams(parsed.params)}|${format}`)
      .digest('hex')
      .slice(0, 32);
    const etag = `"${key}"`;
    res.setHeader('Vary', 'Accept');
    res.setHeader('Cache-Control', parsed.version === stamp ? IMMUTABLE : REVALIDATE_IMAGE);
    res.setHeader('ETag', etag);
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')) {
      res.writeHead(304);
      res.end();
      return;
    }
    let made: { data: Buffer; made: string };
    try {
      made = await variant(key, src, path.endsWith('.svg'), parsed.params, format);
    } catch {
      // A source libvips cannot read (damaged, too large): the shopper's request was fine, the file is not.
      for (const name of ['Vary', 'Cache-Control', 'ETag']) res.removeHeader(name);
      return sendError(res, 422, 'This image cannot be read.');
    }
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES[format],
      'Content-Length': String(made.data.length),
      'X-Image-Cache': made.made,
    });
    res.end(req.method === 'HEAD' ? undefined : made.data);
  }

  return (req, res, next) => {
    const raw = req.url ?? '/';
    if (!raw.startsWith(IMAGE_PREFIX)) return next();
    let url: URL;
    try {
      url = new URL(raw, 'http://store.invalid');
    } catch {
      void sendError(res, 400, 'The image path is not valid.');
      return;
    }
    handle(req, res, url).catch(() => {
      if (!res.headersSent) void sendError(res, 503, 'The image service is busy; try again.');
      else res.destroy();
    });
  };
}

/** The store's image service: sources from the build's (or public/) media folder, variants under DATA_DIR. */
export function storeImageService(mediaDir: string): Middleware {
  const { DATA_DIR, IMAGE_CACHE_MAX_MB, IMAGE_CACHE_MAX_ENTRIES } = config();
  return imageService({
    mediaDir,
    cacheDir: resolve(DATA_DIR, 'image-cache'),
    bounds: { maxBytes: IMAGE_CACHE_MAX_MB * 1024 * 1024, maxEntries: IMAGE_CACHE_MAX_ENTRIES },
  });
}
