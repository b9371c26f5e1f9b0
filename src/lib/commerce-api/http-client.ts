import * as v from 'valibot';
import { type Answer, type Caller, PROBLEM, type Problem } from './call.ts';
import type { CommerceApi } from './commerce-api.ts';
import { COMMERCE_API_PATH, OPERATIONS } from './operations.ts';

/**
 * The commerce API over HTTP: a client of the engine's server (src/server/commerce-api/http-server.ts), one POST per
 * operation to `<url>/_commerce/v1/<resource>/<operation>` with `{ caller, input }` and the shared secret as a bearer
 * token. It runs wherever `fetch` does (the Node server, the edge worker). The engine out of reach, or refusing the
 * secret, is answered as a Problem (503), never thrown, so an endpoint answers the shopper as it would a database
 * that restarts.
 */
export interface HttpCommerceOptions {
  /** The engine's server, e.g. http://engine.internal:4400 (COMMERCE_API_URL). */
  url: string;
  /** COMMERCE_API_SECRET, the same on both sides. */
  secret: string;
  fetch?: typeof fetch;
  /**
   * How long a call may take before it is answered `unavailable` (default 9 s: under the 10 s a shopper is kept
   * waiting at most). A placement still running in the engine then finishes there once; the browser's retry with
   * the same key is answered with its result.
   */
  timeoutMs?: number;
}

const ProblemSchema = v.object({ status: v.number(), message: v.string(), code: v.optional(v.string()), detail: v.optional(v.unknown()) });
const KeepSchema = v.object({
  session: v.optional(v.nullable(v.object({ token: v.string(), usid: v.string(), maxAge: v.nullable(v.number()) }))),
  device: v.optional(v.object({ token: v.string(), maxAge: v.number() })),
  editor: v.optional(v.nullable(v.object({ token: v.string(), maxAge: v.number() }))),
  agent: v.optional(v.nullable(v.object({ token: v.string(), maxAge: v.number() }))),
});
/** The envelope every answer comes in; the value's own shape is the engine's type, the same on both sides of the build. */
const AnswerSchema = v.variant('ok', [
  v.object({ ok: v.literal(true), value: v.unknown(), keep: v.optional(KeepSchema) }),
  v.object({ ok: v.literal(false), problem: ProblemSchema, keep: v.optional(KeepSchema) }),
]);

const UNREACHABLE = 'Something went wrong on our side. Please try again.';
const unreachable = (code: string, why: string): Answer<never> => ({
  ok: false,
  problem: { status: 503, message: UNREACHABLE, code, detail: why } satisfies Problem,
});

export function httpCommerce({ url, secret, fetch: send = fetch, timeoutMs = 9_000 }: HttpCommerceOptions): CommerceApi {
  const base = url.replace(/\/+$/, '') + COMMERCE_API_PATH;
  const authorization = `Bearer ${secret}`;
  const call = async (resource: string, operation: string, schema: v.GenericSchema, caller: Caller, input: unknown): Promise<Answer<unknown>> => {
    // What is sent is held to the operation's schema here too: a caller's mistake is a fault on this side, not a 400 from the engine.
    const checked = v.safeParse(schema, input);
    if (!checked.success) throw new Error(`commerce API ${resource}.${operation}: the input does not match its schema: ${checked.issues[0].message}`);
    const left = Math.min(timeoutMs, (caller.deadline ?? Number.POSITIVE_INFINITY) - Date.now());
    if (left <= 0) return unreachable(PROBLEM.unavailable, 'the request had waited its whole time on the commerce engine');
    let response: Response;
    try {
      response = await send(`${base}${resource}/${operation}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization, 'x-request-id': caller.requestId },
        body: JSON.stringify({ caller, input }),
        signal: AbortSignal.timeout(left),
      });
    } catch (err) {
      return unreachable(PROBLEM.unavailable, `the commerce engine could not be reached (${(err as Error).message})`);
    }
    if (response.status === 401) {
      await response.body?.cancel();
      console.error('[commerce] the engine refused this store: COMMERCE_API_SECRET is not the one the engine has');
      return unreachable(PROBLEM.unauthorized, 'the engine refused the secret');
    }
    let text: string;
    try {
      text = await response.text();
    } catch (err) {
      return unreachable(PROBLEM.unavailable, `the commerce engine's answer did not arrive (${(err as Error).message})`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return unreachable(PROBLEM.unavailable, `the commerce engine answered ${response.status} without an answer`);
    }
    const answer = v.safeParse(AnswerSchema, data);
    if (!answer.success) return unreachable(PROBLEM.fault, `the commerce engine's answer does not match the API: ${answer.issues[0].message}`);
    return answer.output as Answer<unknown>;
  };
  const api: Record<string, Record<string, (caller: Caller, input?: unknown) => Promise<Answer<unknown>>>> = {};
  for (const [resource, ops] of Object.entries(OPERATIONS)) {
    api[resource] = Object.fromEntries(
      Object.entries(ops as Record<string, v.GenericSchema>).map(([operation, schema]) => [
        operation,
        (caller: Caller, input?: unknown) => call(resource, operation, schema, caller, input),
      ]),
    );
  }
  return api as unknown as CommerceApi;
}
