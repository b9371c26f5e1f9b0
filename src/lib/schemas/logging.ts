import * as v from 'valibot';

/**
 * The browser's log line (spec §7 POST /api/global/logging: message, isNotAnErrorLog). The server writes a line of at
 * most LOG_MESSAGE_MAX characters and only so many a minute (src/web/http/site-log.ts); the browser sends at most
 * LOG_LINES_PER_PAGE per page (site-logging.ts).
 */
export const LOG_MESSAGE_MAX = 1000;
export const LOG_LINES_PER_PAGE = 10;

export const LoggingSchema = v.object({
  message: v.pipe(
    v.string('Send the message as text.'),
    v.trim(),
    v.minLength(1, 'The message is required.'),
    v.maxLength(LOG_MESSAGE_MAX, `The message is longer than ${LOG_MESSAGE_MAX} characters.`),
  ),
  isNotAnErrorLog: v.optional(v.boolean('isNotAnErrorLog is true or false.'), false),
});
