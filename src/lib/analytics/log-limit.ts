/**
 * How many browser log lines one instance writes (src/web/http/site-log.ts): at most `perClient` a window from one
 * client address and `total` a window from everyone, so the log grows by at most `total` lines of bounded length a
 * window whatever is sent. The addresses counted are forgotten when their window ends, so memory is bounded by the
 * addresses seen in one window, and at most `maxClients` of those.
 */
export interface LogLimits {
  perClient: number;
  total: number;
  windowMs: number;
  maxClients: number;
}

export function logLimiter(limits: LogLimits, now: () => number = Date.now) {
  let windowStart = now();
  let total = 0;
  let clients = new Map<string, number>();
  return {
    /** Whether a line from this client may be written now (and counts it). */
    take(client: string): boolean {
      if (now() - windowStart >= limits.windowMs) {
        windowStart = now();
        total = 0;
        clients = new Map();
      }
      const mine = clients.get(client) ?? 0;
      if (total >= limits.total || mine >= limits.perClient) return false;
      if (mine === 0 && clients.size >= limits.maxClients) return false;
      clients.set(client, mine + 1);
      total++;
      return true;
    },
  };
}
