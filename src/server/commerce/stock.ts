import { type QueryCreator, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import { prepared, preparedWrite } from '../db/prepared.ts';
import { withWriteTransaction, type Tx } from '../db/transaction.ts';
import { raiseCatalogVersion } from './catalog-version.ts';
import { CommerceError } from './errors.ts';
import { notifyBackInStock } from './waitlist.ts';

export interface StockRequest {
  sku: string;
  quantity: number;
}

/**
 * Takes stock for an order: all lines or none. Each decrement is one conditional UPDATE (`on_hand >= qty`), so
 * two buyers of the last unit cannot both succeed on either engine (PostgreSQL re-checks the condition after
 * waiting for the row lock; SQLite holds the write lock for the whole transaction), and the schema's CHECK
 * (on_hand >= 0) backs it up. Untracked items (gift cards, memberships) and back-ordered variants are skipped.
 */
export async function reserveStock(db: Db, lines: StockRequest[]): Promise<void> {
  await withWriteTransaction(db, async (tx) => {
    await reserveInTx(tx, lines);
  });
}

/** Takes stock inside the caller's transaction; returns the lines it took stock for (what a release gives back). */
export async function reserveInTx(tx: Tx, lines: StockRequest[]): Promise<StockRequest[]> {
  // Lock rows in a fixed order so two multi-line orders cannot deadlock each other.
  const sorted = [...lines].sort((a, b) => a.sku.localeCompare(b.sku));
  const taken: StockRequest[] = [];
  for (const line of sorted) {
    if (!Number.isInteger(line.quantity) || line.quantity <= 0) throw new CommerceError('quantity', 'Quantities must be positive whole numbers.');
    // The stock a tracked variant has is taken in one statement; only when none is taken is the variant asked why.
    if ((await takeStock(tx, line.quantity, line.sku)) === 1) {
      taken.push(line);
      continue;
    }
    const refusal = await stockRefusal(tx, line.sku);
    if (refusal) throw refusal;
  }
  return taken;
}

/** Why no stock of a variant was taken: sold out, or no longer sold; null when its stock is not tracked (none to take). */
export async function stockRefusal(tx: Tx, sku: string): Promise<CommerceError | null> {
  const [variant] = await stockRule(tx, sku);
  if (!variant) return new CommerceError('not_found', `Item ${sku} is no longer sold.`);
  if (variant.track_stock && !variant.back_ordered) return new CommerceError('out_of_stock', 'Sorry, an item in your bag has just sold out.');
  return null;
}

// Run for every line of every order: compiled once (db/prepared.ts).
const stockRule = prepared((tx: Tx, sku: string) => tx.selectFrom('variants').select(['track_stock', 'back_ordered']).where('sku', '=', sku));
/**
 * Takes `quantity` of a variant whose stock is tracked and not back-ordered, when at least that much is on hand: as a
 * statement of its own, or a part of another (the placement's claim, on PostgreSQL: claim.ts).
 */
export const takeStockQuery = (q: QueryCreator<Database>, quantity: number, sku: string) =>
  q
    .updateTable('stock')
    .set({ on_hand: sql`on_hand - ${quantity}` })
    .where('sku', '=', sku)
    .where('on_hand', '>=', quantity)
    .where('sku', 'in', (eb) =>
      eb.selectFrom('variants').select('sku').where('sku', '=', sku).where('track_stock', '=', 1).where('back_ordered', '=', 0),
    );
const takeStock = preparedWrite((tx: Tx, quantity: number, sku: string) => takeStockQuery(tx, quantity, sku));

/** Gives back stock an order attempt took (its authorization failed or was voided). */
export async function releaseInTx(tx: Tx, lines: StockRequest[]): Promise<void> {
  const sorted = [...lines].sort((a, b) => a.sku.localeCompare(b.sku));
  for (const line of sorted) {
    await tx
      .updateTable('stock')
      .set({ on_hand: sql`on_hand + ${line.quantity}` })
      .where('sku', '=', line.sku)
      .execute();
  }
}

export async function stockLevel(db: Db, sku: string): Promise<number | null> {
  const row = await db.kysely.selectFrom('stock').select('on_hand').where('sku', '=', sku).executeTakeFirst();
  return row ? row.on_hand : null;
}

/**
 * Adds stock to a variant (a delivery) and tells the waitlist for it. The addition is one statement, so it is
 * safe beside concurrent reservations. It raises the catalog's version with it: a sold-out product's page says so
 * (its JSON-LD availability too) until its cached copy is rendered again.
 */
export async function restock(db: Db, sku: string, quantity: number, origin: string): Promise<{ onHand: number; notified: number }> {
  if (!Number.isInteger(quantity) || quantity <= 0) throw new CommerceError('quantity', 'Restock quantities must be positive whole numbers.');
  await withWriteTransaction(db, async (tx) => {
    const result = await tx
      .updateTable('stock')
      .set({ on_hand: sql`on_hand + ${quantity}` })
      .where('sku', '=', sku)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new CommerceError('not_found', `No stock is kept for ${sku}.`);
    await raiseCatalogVersion(tx);
  });
  const notified = await notifyBackInStock(db, sku, origin);
  return { onHand: (await stockLevel(db, sku)) ?? 0, notified };
}
