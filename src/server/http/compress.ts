// Compression of what Astro renders on demand (pages, JSON replies), with expressjs's `compression`: brotli or gzip
// by the request's Accept-Encoding, Vary: Accept-Encoding on every compressible reply, nothing under 1 KiB.
// Built files never reach it: src/server/http/static-files.ts sends their precompressed copies first.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compression from 'compression';
import { jsonTextOf, type JsonText } from '#src/web/http/api.ts';
import { chooseEncoding, type Middleware } from './static-files.ts';

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

const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 };

export function compressResponses(): Middleware {
  // Brotli level 4 (the library's default) costs about what gzip's default does and compresses better. Its window
  // is 256 KiB instead of 4 MiB: our replies are far smaller, so the output is the same byte for byte, and setting
  // up the smaller window for each reply costs about half as much (a third of a small JSON reply's compression).
  const middleware = compression({
    filter: shouldCompress,
    threshold: 1024,
    brotli: { params: BROTLI_PARAMS },
  });
  return (req, res, next) => middleware(req as ExpressArgs[0], res as ExpressArgs[1], next);
}

/** JSON replies up to this size are compressed in one call inside Astro's middleware; larger ones by the stream. */
const ONE_SHOT_MAX_BYTES = 256 * 1024;
/**
 * Brotli level 1 for these: on the 2,155-byte bag reply it makes 1,121 bytes in about 35 µs where level 2 makes 1,125
 * in 55 µs and level 4 1,055 in 69 µs (this machine, 10,000 runs each; level 0 is cheaper still but 7 % larger).
 * The window is the smallest that holds the whole reply (no match is farther back than the reply is long, so the
 * output is as small) and the encoder is told the size: less to set up for each reply, about a sixth of the call on a
 * 2 KB bag.
 */
function oneShotBrotliParams(bytes: number): Record<number, number> {
  const window = Math.min(18, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 16))));
  return {
    [constants.BROTLI_PARAM_QUALITY]: 1,
    [constants.BROTLI_PARAM_LGWIN]: window,
    [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
  };
}

/**
 * A JSON reply of the API (src/server/http/api.ts json()) compressed in one synchronous call, from src/middleware.ts.
 * The islands read small JSON replies on every interaction (a bag is 2 KB or more); setting up a compression stream
 * for each cost more than compressing it, a quarter of a bag read's CPU. Brotli (a faster level than the stream's),
 * gzip when only that is accepted; the rest (under 1 KiB, very large, other replies, other encodings) is returned as
 * it is, and `compressResponses` decides on the way out, as for every other reply. A reply compressed here says
 * Vary: Accept-Encoding itself: under `astro dev` no stream compressor comes after this to say it.
 */
export function compressJsonReply(request: Request, response: Response): Response {
  const json = jsonTextOf(response);
  if (json === undefined || response.headers.has('content-encoding')) return response;
  const chosen = oneShotEncoding(request, json.text);
  if (!chosen) return response;
  const compressed = compressedText(json, chosen);
  const headers = new Headers(response.headers);
  headers.set('content-encoding', chosen);
  headers.append('vary', 'Accept-Encoding');
  headers.set('content-length', String(compressed.length));
  return new Response(compressed, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The one-shot encoding chosen for each Accept-Encoding value seen, at most this many: negotiating it cost a fifth of
 * compressing a bag.
 */
const ONE_SHOT_CHOICES_KEPT = 64;
const oneShotChoices = new Map<string, 'br' | 'gzip' | null>();

/** The encoding a JSON reply goes out in from the one-shot compressor, or undefined to leave it as it is. */
function oneShotEncoding(request: Request, text: string): 'br' | 'gzip' | undefined {
  if (text.length < 1024 || text.length > ONE_SHOT_MAX_BYTES || request.method === 'HEAD') return undefined;
  const accepted = request.headers.get('accept-encoding');
  if (!accepted) return undefined;
  let encoding = oneShotChoices.get(accepted);
  if (encoding === undefined) {
    const chosen = chooseEncoding({ headers: { 'accept-encoding': accepted } }, ['br', 'gzip']);
    encoding = chosen === 'identity' ? null : (chosen as 'br' | 'gzip');
    // Browsers send a handful of short values; others only fill the table until it is emptied, and long ones are
    // not kept at all.
    if (oneShotChoices.size >= ONE_SHOT_CHOICES_KEPT) oneShotChoices.clear();
    if (accepted.length <= 256) oneShotChoices.set(accepted, encoding);
  }
  return encoding ?? undefined;
}

/** A reply made from a kept value (api.ts sharedSuccessText) keeps its compressed copies with its text. */
function compressedText(json: JsonText, encoding: 'br' | 'gzip'): Uint8Array<ArrayBuffer> {
  let compressed = json.encoded?.get(encoding);
  if (!compressed) {
    const body = Buffer.from(json.text);
    compressed = encoding === 'br' ? brotliCompressSync(body, { params: oneShotBrotliParams(body.length) }) : gzipSync(body);
    json.encoded?.set(encoding, compressed);
  }
  return compressed;
}
