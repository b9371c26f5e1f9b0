// Compression of what Astro renders on demand (pages, JSON replies), with expressjs's `compression`: brotli or gzip
// by the request's Accept-Encoding, Vary: Accept-Encoding on every compressible reply, nothing under 1 KiB.
// Built files never reach it: src/server/http/static-files.ts sends their precompressed copies first.
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import type { Middleware } from './static-files.ts';

type ExpressArgs = Parameters<ReturnType<typeof compression>>;

/**
 * compression's own filter (a compressible Content-Type), except event streams: compressing buffers output until a
 * block fills, and a stream's events must go out as they happen.
 */
export function shouldCompress(req: IncomingMessage, res: ServerResponse): boolean {
  const type = String(res.getHeader('Content-Type') ?? '');
  if (/^\s*text\/event-stream/i.test(type)) return false;
  return compression.filter(req as ExpressArgs[0], res as ExpressArgs[1]);
}

export function compressResponses(): Middleware {
  // Brotli level 4 (the library's default) costs about what gzip's default does and compresses better.
  const middleware = compression({ filter: shouldCompress, threshold: 1024 });
  return (req, res, next) => middleware(req as ExpressArgs[0], res as ExpressArgs[1], next);
}
