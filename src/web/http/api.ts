import type { APIContext } from 'astro';
import type * as v from 'valibot';
import { isTypeValid, parse as parseMediaType } from 'content-type';
import { CommerceRefusal, PROBLEM } from '#src/lib/commerce-api/call.ts';
import { checkInput } from '#src/lib/schemas/input.ts';

/**
 * The API's reply shapes, `{ status: 'success', body }` and `{ status: 'error', message }`, and the one place
 * that turns refusals into HTTP statuses. Bad input is a 4xx with a message a shopper can read, never a 500.
 */
const MAX_BODY_BYTES = 32 * 1024;

/** Bad input, or a request the API refuses before it reaches the commerce API. */
export class BadRequest extends Error {
  readonly status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.status = status;
  }
}

declare const replyBody: unique symbol;
/**
 * A JSON reply whose success body is T. A type only: it lets an endpoint declared with an entry of the endpoint
 * table (src/lib/api/contract.ts, apiEndpoint below) be checked against the reply the entry names.
 */
export type Reply<T> = Response & { readonly [replyBody]: T };

/**
 * A JSON reply's text, and the compressed copies of one whose body is handed out again unchanged (sharedSuccessText),
 * made once by compress.ts's one-shot compressor and kept with the text.
 */
export interface JsonText {
  text: string;
  encoded?: Map<string, Uint8Array<ArrayBuffer>>;
}

/** The text of each reply json() made, so src/middleware.ts can compress it in one call without reading it back. */
const jsonTexts = new WeakMap<Response, JsonText>();
export const jsonTextOf = (response: Response): JsonText | undefined => jsonTexts.get(response);

const utf8 = new TextEncoder();

function jsonReply(body: JsonText, status: number, headers: Record<string, string>): Response {
  const response = new Response(body.text, {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
      'content-length': String(utf8.encode(body.text).byteLength),
    },
  });
  jsonTexts.set(response, body);
  return response;
}

/**
 * A JSON reply, with its length: the production server's compressor (compress.ts) skips replies under 1 KiB only
 * when it knows their length before the body is written, and Astro writes the body in chunks without saying it. A
 * few hundred bytes put through a brotli stream cost a small reply a fifth of its CPU, to save a few dozen bytes.
 */
export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonReply({ text: JSON.stringify(data) }, status, headers);
}

/** The text of success(body, extra). */
export const successText = (body: unknown, extra: Record<string, unknown> = {}): JsonText => ({
  text: JSON.stringify({ status: 'success', ...extra, body }),
});

export const success = <T>(body: T, extra: Record<string, unknown> = {}): Reply<T> => jsonReply(successText(body, extra), 200, {}) as Reply<T>;

/**
 * A reply with a body whatever its status: an order placement answers a refusal (4xx, 5xx) with its result too,
 * as `{ status: 'error', message, body }`.
 */
export const bodyReply = <T>(status: number, body: T, message: string | null, headers: Record<string, string>): Reply<T> =>
  json(status >= 400 ? { status: 'error', message, body } : { status: 'success', body }, status, headers) as Reply<T>;

/** A 200 reply from a JSON text already made (compress.ts, when it does not compress it). */
export const successFromText = (body: JsonText): Response => jsonReply(body, 200, {});

/** Replies made from kept values, by value and the name it goes under: an entry lives as long as its value. */
const sharedTexts = new WeakMap<object, { name: string; body: JsonText }>();

/**
 * The text of success({ [name]: value }) for a value handed out again unchanged while it holds (a kept priced bag,
 * src/server/bag/priced-bags.ts): made once per value, with room for its compressed copies (compress.ts
 * sharedJsonReply).
 */
export function sharedSuccessText(name: string, value: object): JsonText {
  let shared = sharedTexts.get(value);
  if (shared?.name !== name) {
    shared = { name, body: { text: JSON.stringify({ status: 'success', body: { [name]: value } }), encoded: new Map() } };
    sharedTexts.set(value, shared);
  }
  return shared.body;
}

export const failure = (status: number, message: string): Reply<never> => json({ status: 'error', message }, status) as Reply<never>;

/**
 * Whether a Content-Type header names JSON we read: the media type itself is application/json (a parameter that
 * merely mentions it, such as `text/plain; x=application/json`, is not), in UTF-8 when a charset is given.
 */
export function isJsonMediaType(header: string | null): boolean {
  if (!header) return false;
  const { type, parameters } = parseMediaType(header);
  if (type !== 'application/json' || !isTypeValid(type)) return false;
  const charset = parameters['charset'];
  return charset === undefined || charset.toLowerCase() === 'utf-8';
}

export async function readBody<S extends v.GenericSchema>(request: Request, schema: S): Promise<v.InferOutput<S>> {
  if (!isJsonMediaType(request.headers.get('content-type'))) throw new BadRequest('Send the request as application/json in UTF-8.', 415);
  const text = await readCapped(request, MAX_BODY_BYTES);
  // A NUL character is never meaningful in our fields, and PostgreSQL refuses it in text (a 500 otherwise).
  if (text.includes('\u0000') || /\\u0000/.test(text)) throw new BadRequest('The request contains a character that is not allowed.');
  let data: unknown;
  try {
    data = text.length === 0 ? {} : JSON.parse(text);
  } catch {
    throw new BadRequest('The request body is not valid JSON.');
  }
  return parseInput(schema, data);
}

/** The body as text, refused with 413 as soon as it passes `max` bytes (not after holding all of it). */
async function readCapped(request: Request, max: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  if (Number(request.headers.get('content-length') ?? 0) > max) {
    await discard(reader);
    throw new BadRequest('The request is too large.', 413);
  }
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await discard(reader);
      throw new BadRequest('The request is too large.', 413);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** Reads past what is left of a refused body, up to 1 MiB and kept nowhere, then cancels the rest. A runtime that
 * forwards the body to us (workerd behind its proxy) drops the connection, and with it the 413, when a reply goes out
 * before the body was read. */
export async function discard(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let left = 1024 * 1024;
  try {
    while (left > 0) {
      const { done, value } = await reader.read();
      if (done) return;
      left -= value.byteLength;
    }
    await reader.cancel();
  } catch {
    // A body that breaks off while being discarded needs nothing more.
  }
}

export function parseInput<S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> {
  const checked = checkInput(schema, data);
  if (!checked.ok) throw new BadRequest(checked.message);
  return checked.output;
}

/** The API's technical error: what a shopper reads when the store, not the request, failed. */
const TECHNICAL_ERROR = 'Something went wrong on our side. Please try again.';

/**
 * Wraps an endpoint: bad requests and the commerce API's refusals become their status with the message; the engine
 * or its database out of reach (restarting, failing over) is a 503 with the technical error, logged in one line
 * (every request says it during an outage); anything else is logged and a 500. `unavailable` is the message of that 503 where the spec names its own technical
 * error (an order's).
 */
export function endpoint(handler: (context: APIContext) => Promise<Response>, unavailable = TECHNICAL_ERROR) {
  return async (context: APIContext): Promise<Response> => {
    try {
      return await handler(context);
    } catch (err) {
      if (err instanceof CommerceRefusal) {
        // The engine out of reach, or refusing this store, answers 503: a refusal of the shopper may carry a code of
        // the same name (a guest adding a membership: 401 `unauthorized`) and keeps its own status and message.
        if (err.status === 503 && (err.code === PROBLEM.unavailable || err.code === PROBLEM.unauthorized)) {
          console.error(`[api] ${context.request.method} ${context.url.pathname}: ${typeof err.detail === 'string' ? err.detail : err.message}`);
          return failure(503, unavailable);
        }
        if (err.code === PROBLEM.fault) return failure(500, TECHNICAL_ERROR);
        return failure(err.status, err.message);
      }
      if (err instanceof BadRequest) return failure(err.status, err.message);
      console.error(`[api] ${context.request.method} ${context.url.pathname} failed`, err);
      return failure(500, TECHNICAL_ERROR);
    }
  };
}

/** success({ [name]: value }) for a value handed out again unchanged while it holds (sharedSuccessText). */
export const sharedSuccess = <N extends string, V extends object>(name: N, value: V): Reply<{ [K in N]: V }> =>
  successFromText(sharedSuccessText(name, value)) as Reply<{ [K in N]: V }>;
