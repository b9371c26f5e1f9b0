import { emitSiteError, type SiteErrorFlow } from './analytics.ts';
import type { ApiEndpoint, PayloadOf, ReplyOf } from './api/endpoint.ts';
import type { RequestName } from './api/requests.ts';
import { resolveErrorText } from './errors.ts';

/**
 * The islands' one way to our API: an endpoint of the table (src/lib/api/contract.ts and its domain tables) and its
 * payload in, the reply's body typed as the table says out. Every failure is reported as a site error analytics
 * event (src/lib/analytics.ts): the islands show each as an error alert.
 *
 * In development and in the unit tests (import.meta.env.DEV) every reply body is checked against its reply schema,
 * and one that does not match is a failure that says why, so a contract that has drifted shows at once. Production
 * bundles leave the check and the schemas out (the branch is dropped at build time); the server's own check
 * (API_REPLY_CHECK, on in the Playwright runs) holds the production build to the same schemas.
 */
export type ApiResult<T> =
  | { ok: true; body: T }
  /** `body` when an error reply carries one (a refused order placement answers with its result). */
  | { ok: false; status: number; message: string; body?: T };

export interface CallOptions {
  /** Request headers beyond the JSON ones (an order placement's Idempotency-Key). */
  headers?: Record<string, string>;
  /** The flow a failure's site error event is tagged with (src/lib/analytics.ts). */
  flow?: SiteErrorFlow;
  /**
   * A call the page may leave before it is answered, whose failure is no site error: the browser's log line
   * (src/lib/analytics/site-logging.ts), whose failure reported would be another log line.
   */
  unreported?: boolean;
}

type CallArgs<E extends ApiEndpoint> = E extends { request: RequestName }
  ? [payload: PayloadOf<E>, options?: CallOptions]
  : [payload?: undefined, options?: CallOptions];

interface ReplyData {
  status?: string;
  body?: unknown;
  message?: string;
  errorMessage?: string;
}

export async function callApi<E extends ApiEndpoint>(endpoint: E, ...[payload, options]: CallArgs<E>): Promise<ApiResult<ReplyOf<E>>> {
  const { method, path } = endpoint;
  let status: number;
  let data: ReplyData;
  try {
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...options?.headers,
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      ...(options?.unreported ? { keepalive: true } : {}),
    });
    status = response.status;
    data = (await response.json().catch(() => ({}))) as ReplyData;
  } catch (err) {
    return failed(path, 0, resolveErrorText(err), options);
  }
  const hasBody = data.body !== undefined;
  const problem = hasBody ? await contractProblem(endpoint, data.body) : null;
  if (problem) {
    console.error(`[api] ${method} ${path}: the reply does not match ${endpoint.reply}: ${problem}`);
    return failed(path, status, `The reply of ${path} does not match its contract (${problem}).`, options);
  }
  // The body is what the table says: checked above in development and tests, and by the server in the test runs.
  const body = data.body as ReplyOf<E>;
  if (status >= 200 && status < 300 && data.status !== 'error') return { ok: true, body };
  const result = failed(path, status, resolveErrorText(data.errorMessage ?? data.message ?? data), options);
  return hasBody ? { ...result, body } : result;
}

/** Development and tests only: what is wrong with a reply body for the endpoint's reply schema, or null. */
async function contractProblem(endpoint: ApiEndpoint, body: unknown): Promise<string | null> {
  if (!import.meta.env.DEV) return null;
  const { replyProblem } = await import('./api/replies/index.ts');
  return replyProblem(endpoint.reply, body);
}

function failed(path: string, status: number, message: string, options?: CallOptions): { ok: false; status: number; message: string } {
  const flow = options?.flow;
  if (!options?.unreported) emitSiteError({ message, status, path, ...(flow ? { flow } : {}) });
  return { ok: false, status, message };
}
