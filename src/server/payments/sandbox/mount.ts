import type { IncomingMessage, ServerResponse } from 'node:http';
import { config } from '../../config.ts';
import { getDb, type Db } from '../../db/database.ts';
import { readCappedBody } from '../../http/capped-body.ts';
import { createSandboxToken, requestError, SANDBOX_PUBLISHABLE_KEY, type ProviderReply } from './tokens.ts';

/** The sandbox gateway's tokenization, served on its own path in front of the store (as /oidc is). */
export const SANDBOX_GATEWAY_PATH = '/sandbox-gateway';
export const SANDBOX_TOKENS_PATH = `${SANDBOX_GATEWAY_PATH}/v1/tokens`;
const MAX_BODY_BYTES = 4 * 1024;

function reply(res: ServerResponse, { status, body }: ProviderReply, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

async function handle(req: IncomingMessage, res: ServerResponse, database: () => Promise<Db>) {
  if (req.method !== 'POST') return reply(res, requestError(405, 'Use POST to create a token.'), { allow: 'POST' });
  if (req.headers.authorization !== `Bearer ${SANDBOX_PUBLISHABLE_KEY}`) {
    return reply(res, requestError(401, 'Invalid API Key provided.'));
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return reply(res, requestError(415, 'Send the request as application/x-www-form-urlencoded.'));
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES)
    return reply(res, requestError(413, 'The request is too large.'), { connection: 'close' });
  const text = await readCappedBody(req, MAX_BODY_BYTES);
  if (text === null) return reply(res, requestError(413, 'The request is too large.'), { connection: 'close' });
  if (text.includes('\u0000') || text.includes('%00')) return reply(res, requestError(400, 'The request contains a character that is not allowed.'));
  reply(res, await createSandboxToken(await database(), new URLSearchParams(text)));
}

/**
 * Returns false for a request that is not the sandbox's, so the caller passes it on. Off unless
 * PAYMENT_GATEWAY=sandbox. Nothing of a request is ever logged (it carries a card number).
 */
export function sandboxGatewayMount(
  database: () => Promise<Db> = getDb,
  enabled = config().PAYMENT_GATEWAY === 'sandbox',
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!enabled || !(path === SANDBOX_GATEWAY_PATH || path.startsWith(`${SANDBOX_GATEWAY_PATH}/`))) return false;
    if (path !== SANDBOX_TOKENS_PATH) {
      reply(res, requestError(404, 'Unrecognized request URL.'));
      return true;
    }
    handle(req, res, database).catch((err: unknown) => {
      console.error('[sandbox-gateway]', err instanceof Error ? err.name : 'error');
      if (!res.headersSent) reply(res, { status: 500, body: { error: { type: 'api_error', message: 'An unexpected error occurred.' } } });
    });
    return true;
  };
}
