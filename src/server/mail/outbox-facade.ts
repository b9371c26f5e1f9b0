import { config } from '../config.ts';
import { getDb } from '../db/database.ts';
import { latestMail } from './mailer.ts';
import type { OutboxMail } from '#src/lib/mail/outbox-mail.ts';
import type { Implementation, OutboxApi } from '#src/lib/commerce-api/commerce-api.ts';
import type { CallSession } from '../session/call-session.ts';

/** The outbox facade: the embedded mailer's latest messages, secrets masked, for the development outbox page. */

/** The outbox page is for development and tests: off in production unless OUTBOX_PAGE=1. */
export function outboxPageOpen(): boolean {
  const { NODE_ENV, OUTBOX_PAGE } = config();
  return NODE_ENV !== 'production' || OUTBOX_PAGE === '1';
}

export async function latestOutboxMail(to?: string): Promise<OutboxMail[]> {
  const rows = await latestMail(await getDb(), to);
  return rows.map((r) => ({ to: r.to_address, subject: r.subject, text: r.text_body, sentAt: r.created_at }));
}

/** The outbox resource of the commerce API (src/lib/commerce-api/commerce-api.ts OutboxApi); closed is closed for every call. */
export const outboxOperations: Implementation<CallSession, OutboxApi> = {
  open: async () => outboxPageOpen(),
  async latest(_call, { to }) {
    if (!outboxPageOpen()) return [];
    return latestOutboxMail(to);
  },
};
