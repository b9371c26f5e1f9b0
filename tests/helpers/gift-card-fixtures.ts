import { randomUUID } from 'node:crypto';
import type { Db } from '#src/server/db/database.ts';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import { issue, type GiftCardKind, type IssuedCard } from '#src/server/gift-cards/issue.ts';

/** An order to issue cards against, and cards on its one line, one unit each, as an order's commit would. */
export async function giftCardIssuer(db: Db) {
  const orderId = randomUUID();
  await db.kysely
    .insertInto('orders')
    .values({
      id: orderId,
      order_no: `9-${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}-${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`,
      email: 'buyer@example.com',
      status: 'confirmed',
      total_cents: 0,
      placed_at: new Date().toISOString(),
    })
    .execute();
  let unit = 0;
  return {
    orderId,
    async card(amountCents: number, kind: GiftCardKind = 'e'): Promise<IssuedCard> {
      const issued = await withWriteTransaction(db, (tx) => issue(tx, { orderId, position: 0, unit: unit++ }, kind, amountCents));
      if (!issued) throw new Error('the card was not issued');
      return issued;
    },
  };
}
