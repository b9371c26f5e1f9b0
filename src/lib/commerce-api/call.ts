/**
 * What one call to the commerce API carries and answers, in plain data that crosses a process boundary as JSON
 * (src/lib/commerce-api/http-client.ts) as well as a function call (the embedded binding).
 *
 * In: who is asking. Out: the operation's value, or a refusal as a value (never an exception thrown across), and what
 * the caller must keep for the shopper (a new session token, a device token). Cookies are the web layer's: it reads
 * the tokens from them and writes what a call hands back (src/web/http/session-cookies.ts).
 */
export interface Caller {
  /** The shopper's session token, as their cookie holds it; null for a visitor without one. */
  session: string | null;
  /** The client's address, as the web layer found it (a trusted proxy's, or the socket's). */
  client: string;
  /** The request's id, for the engine's logs. */
  requestId: string;
  /** The sign-in device token the browser presents (only the sign-in calls read it). */
  device?: string | undefined;
  /** A content editor's token, from the editor's own cookie (never the shopper's session): only the editor calls read it. */
  editor?: string | undefined;
  /** A support agent's session token (its own cookie; only the agents resource reads it). */
  agent?: string | undefined;
  /**
   * When the request's answer is due (epoch milliseconds): the HTTP binding gives each call only what is left of it,
   * so a page that makes several calls to an engine that does not answer still answers within REQUEST_DEADLINE_MS.
   */
  deadline?: number | undefined;
}

/** How long a request waits on the engine in all, whatever number of calls it makes: under the 10 s a shopper waits at most. */
export const REQUEST_DEADLINE_MS = 8_000;

/** A session the caller must now keep for the shopper: its token, the usid the spec's payloads carry, and its lifetime. */
export interface SessionGrant {
  token: string;
  usid: string;
  /** Seconds the cookie lives; null for a browser-session cookie (signed in without keep-me-signed-in). */
  maxAge: number | null;
}

/** What a call asks the caller to keep or drop for the shopper. */
export interface Keep {
  /** A new session (a first add to the bag, a sign-in), or null when the session ended (sign-out). */
  session?: SessionGrant | null;
  /** A sign-in device token and its lifetime in seconds (docs/decisions.md "Device cookies"). */
  device?: { token: string; maxAge: number };
  /** A content editor's session (a sign-in), or null when it ended. */
  editor?: { token: string; maxAge: number } | null;
  /** A support agent's session token and its lifetime in seconds, or null when the agent signed out. */
  agent?: { token: string; maxAge: number } | null;
}

/**
 * A refusal the shopper can act on, or a failure of the engine: its HTTP status, the message to show, and a code
 * when the caller treats it apart (`unavailable`: the database is out of reach; `fault`: the engine failed; the
 * express checkout's `express-review` and `express-address`, whose `detail` carries what the page shows).
 */
export interface Problem {
  status: number;
  message: string;
  code?: string | undefined;
  detail?: unknown;
}

export type Answer<T> = ({ ok: true; value: T } | { ok: false; problem: Problem }) & { keep?: Keep | undefined };

/** Codes the engine answers with apart from a plain refusal. */
export const PROBLEM = {
  /** The database could not be reached (restarting, failing over): trying again later works. */
  unavailable: 'unavailable',
  /** The engine failed (a fault, logged where it happened). */
  fault: 'fault',
  /** The engine's server refused the caller (a wrong or missing secret). */
  unauthorized: 'unauthorized',
} as const;

/** A Problem thrown in the web layer, where an endpoint or page turns it into its reply. */
export class CommerceRefusal extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly detail: unknown;
  constructor(problem: Problem) {
    super(problem.message);
    this.name = 'CommerceRefusal';
    this.status = problem.status;
    this.code = problem.code;
    this.detail = problem.detail;
  }
}
