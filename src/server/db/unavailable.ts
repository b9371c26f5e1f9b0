/**
 * Whether an error says the database could not be reached or stopped answering (PostgreSQL restarting, failing over,
 * its connections terminated, a connection or statement timeout), as opposed to a fault of the request or the code.
 * Such a request is answered 503 with the API's technical error (src/server/http/api.ts); trying it again later works.
 */
const SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server is stopping, or pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57014', // query_canceled: the statement timeout
  '53300', // too_many_connections
]);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// pg and pg-pool say these in words only.
const MESSAGES = /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection terminated due to connection timeout/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (SQLSTATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code))) return true;
  if (typeof message === 'string' && MESSAGES.test(message)) return true;
  // A connection refused while pg tried each address of the host (localhost: ::1 then 127.0.0.1).
  const errors = (err as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
}
