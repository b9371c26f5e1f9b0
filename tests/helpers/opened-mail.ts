import type { Db } from '#src/server/db/database.ts';
import { giftCardKey } from '#src/server/gift-cards/gift-card-key.ts';
import { latestMail } from '#src/server/mail/mailer.ts';

/** The mail sent to `to`, newest first, its sealed secrets opened with the store's gift card key (as `npm run outbox` does). */
export async function openedMail(db: Db, to: string) {
  return latestMail(db, to, 20, await giftCardKey(db.kysely));
}
