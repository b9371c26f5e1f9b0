import type { APIContext } from 'astro';
import type { ApiEndpoint, InputOf, ReplyOf } from '#src/lib/api/endpoint.ts';
import { replyProblem } from '#src/lib/api/replies/index.ts';
import { REQUESTS } from '#src/lib/api/requests.ts';
import { config } from '#src/server/config.ts';
import { endpoint, failure, jsonTextOf, readBody, type Reply } from './api.ts';

/**
 * An endpoint declared with its entry of the endpoint table (src/lib/api/contract.ts): the body is read and checked
 * with the entry's request schema before the handler runs, and the handler must answer the entry's reply. With
 * API_REPLY_CHECK=1 (the test server) every reply is also checked against the reply schema at run time, and one
 * that does not match becomes a 500 naming the first difference, so the API suite proves the schemas true.
 * `unavailable`: the message of the 503 that answers while the database is out of reach (api.ts `endpoint`).
 */
export function apiEndpoint<E extends ApiEndpoint>(
  entry: E,
  handler: (context: APIContext, input: InputOf<E>) => Promise<Reply<ReplyOf<E>>>,
  unavailable?: string,
) {
  return endpoint(async (context) => {
    // InputOf<E> is the request schema's output, or undefined for an entry without one: what is read here.
    const input = (entry.request ? await readBody(context.request, REQUESTS[entry.request]) : undefined) as InputOf<E>;
    const reply = await handler(context, input);
    return config().API_REPLY_CHECK === '1' ? checkedReply(entry, reply) : reply;
  }, unavailable);
}

async function checkedReply(entry: ApiEndpoint, reply: Response): Promise<Response> {
  if (!reply.headers.get('content-type')?.startsWith('application/json')) return reply;
  // Replies are compressed after the endpoint (src/middleware.ts), so the text is read as the endpoint made it.
  const text = jsonTextOf(reply)?.text ?? (await reply.clone().text());
  const data = JSON.parse(text) as { body?: unknown };
  if (!('body' in data)) return reply;
  const problem = replyProblem(entry.reply, data.body);
  if (!problem) return reply;
  console.error(`[api] ${entry.method} ${entry.path}: the reply does not match ${entry.reply}: ${problem}`);
  return failure(500, `The reply does not match its contract (${entry.reply}): ${problem}`);
}
