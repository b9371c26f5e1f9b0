import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import type { Answer, Caller } from '#src/lib/commerce-api/call.ts';
import { PROBLEM } from '#src/lib/commerce-api/call.ts';
import type { CommerceApi } from '#src/lib/commerce-api/commerce-api.ts';
import { COMMERCE_API_PATH, operationSchema } from '#src/lib/commerce-api/operations.ts';
import { checkInput } from '#src/lib/schemas/input.ts';
import { readCappedBody } from '../http/capped-body.ts';
import { TECHNICAL_ERROR } from './embedded.ts';

/**
 * The engine's own commerce API over HTTP: `POST /_commerce/v1/<resource>/<operation>` with `{ caller, input }`,
 * answered with the operation's Answer as JSON (src/lib/commerce-api/call.ts). Only a caller presenting the shared
 * secret (COMMERCE_API_SECRET, as `Authorization: Bearer <secret>`, compared in constant time) is answered; anything
 * else is a 401 that says nothing more. The input is checked with the operation's schema (operations.ts) before the
 * engine sees it. Mounted by the production server (src/server/main.ts) only when the secret is configured; the
 * shopper's endpoints and cookies never reach it.
 */
const MAX_BODY_BYTES = 256 * 1024;

const CallerSchema = v.object({
  session: v.nullable(v.pipe(v.string(), v.maxLength(128))),
  client: v.pipe(v.string(), v.maxLength(128)),
  requestId: v.pipe(v.string(), v.maxLength(64)),
  device: v.optional(v.pipe(v.string(), v.maxLength(512))),
  editor: v.optional(v.pipe(v.string(), v.maxLength(128))),
  agent: v.optional(v.pipe(v.string(), v.maxLength(128))),
  deadline: v.optional(v.pipe(v.number(), v.integer())),
});
const EnvelopeSchema = v.object({ caller: CallerSchema, input: v.optional(v.unknown()) });

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether an Authorization header carries the secret: both sides hashed first, so the comparison takes the same time whatever was sent. */
export function presentsSecret(header: string | undefined, secret: string): boolean {
  const sent = header?.startsWith('Bearer ') ? header.slice(7) : '';
  return timingSafeEqual(digest(sent), digest(secret)) && sent.length > 0;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

const refused = (status: number, message: string): Answer<never> => ({ ok: false, problem: { status, message } });

/** The mount: answers a request under /_commerce/ and says so (true), or leaves it to the store (false). */
export function commerceApiMount(api: CommerceApi, secret: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const routes = api as unknown as Record<string, Record<string, (caller: Caller, input?: unknown) => Promise<Answer<unknown>>>>;
  return (req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (!path.startsWith('/_commerce/')) return false;
    void (async () => {
      if (!presentsSecret(req.headers.authorization, secret)) return reply(res, 401, { message: 'Unauthorized.' });
      if (req.method !== 'POST' || !path.startsWith(COMMERCE_API_PATH)) return reply(res, 404, refused(404, 'There is no such operation.'));
      const [resource = '', operation = '', ...rest] = path.slice(COMMERCE_API_PATH.length).split('/');
      const schema = rest.length === 0 ? operationSchema(resource, operation) : undefined;
      if (!schema) return reply(res, 404, refused(404, `There is no operation ${resource}.${operation}.`));
      const text = await readCappedBody(req, MAX_BODY_BYTES);
      if (text === null) return reply(res, 413, refused(413, 'The request is too large.'));
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        return reply(res, 400, refused(400, 'The request body is not valid JSON.'));
      }
      const envelope = checkInput(EnvelopeSchema, data);
      if (!envelope.ok) return reply(res, 400, refused(400, envelope.message));
      const input = checkInput(schema, envelope.output.input);
      if (!input.ok) return reply(res, 400, refused(400, input.message));
      try {
        reply(res, 200, await routes[resource]![operation]!(envelope.output.caller, input.output));
      } catch (err) {
        console.error(`[commerce] ${resource}.${operation} failed (request ${envelope.output.caller.requestId})`, err);
        reply(res, 500, { ok: false, problem: { status: 500, message: TECHNICAL_ERROR, code: PROBLEM.fault } });
      }
    })().catch((err) => {
      console.error('[commerce] the request could not be answered', err);
      if (!res.headersSent) reply(res, 500, { ok: false, problem: { status: 500, message: TECHNICAL_ERROR, code: PROBLEM.fault } });
      else res.destroy();
    });
    return true;
  };
}
