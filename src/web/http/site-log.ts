import { containsCardNumber } from '#src/lib/no-card-number.ts';
import { logLimiter } from '#src/lib/analytics/log-limit.ts';

/**
 * The browser's log lines as this instance writes them (POST /api/global/logging): each at most LOG_MESSAGE_MAX
 * characters (the request schema), 10 a minute from one client address and 60 a minute from everyone, so browsers
 * add at most about 60 KB a minute to an instance's log whatever they send (docs/decisions.md "Browser log lines").
 * A line is one line: control characters become spaces, so no browser can forge another entry; a line holding what
 * looks like a card number is not written.
 */
const limiter = logLimiter({ perClient: 10, total: 60, windowMs: 60_000, maxClients: 1000 });

/** Control characters (C0, DEL, C1) and the line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is matched.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

export const LOG_TOO_MANY = 'Too many log messages. Please try again in a minute.';

/** Writes the line, or answers false when this client or the instance has written its share this minute. */
export function writeSiteLog(client: string, message: string, isNotAnErrorLog: boolean): boolean {
  if (!limiter.take(client)) return false;
  const line = containsCardNumber(message) ? '(withheld: the message held what looks like a card number)' : message.replace(CONTROL, ' ');
  if (isNotAnErrorLog) console.info(`[browser] ${line}`);
  else console.error(`[browser] ${line}`);
  return true;
}
