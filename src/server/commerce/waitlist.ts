import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { maxOrderable, productUrl } from './catalog.ts';
import { mailerFor } from '../mail/mailer.ts';
import { CommerceError } from './errors.ts';

/**
 * Waitlist sign-ups for sold-out sizes: one row per sku and e-mail (joining twice is the same as once). A size
 * that can be bought now is refused, so the list only holds shoppers waiting for stock.
 */
export async function joinWaitlist(db: Db, sku: string, email: string): Promise<void> {
  const v = await db.kysely
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .leftJoin('stock', 'stock.sku', 'variants.sku')
    .select(['variants.sku', 'variants.orderable', 'variants.track_stock', 'variants.back_ordered', 'stock.on_hand', 'products.max_order_qty'])
    .where('variants.sku', '=', sku)
    .executeTakeFirst();
  if (!v) throw new CommerceError('not_found', 'That item could not be found.');
  if (v.orderable && maxOrderable(v, v.max_order_qty) > 0)
    throw new CommerceError('conflict', 'This size is in stock. You can add it to your bag now.');
  await db.kysely
    .insertInto('waitlist_entries')
    .values({ id: randomUUID(), sku: v.sku, email: email.toLowerCase(), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['sku', 'email']).doNothing())
    .execute();
}

/**
 * Tells everyone waiting for a size that it is back (an e-mail each through the mailer) and clears their
 * sign-ups: one notice per sign-up. Called after stock is added; returns how many were told.
 */
export async function notifyBackInStock(db: Db, sku: string, origin: string): Promise<number> {
  const entries = await db.kysely.selectFrom('waitlist_entries').select(['id', 'email']).where('sku', '=', sku).execute();
  if (entries.length === 0) return 0;
  const v = await db.kysely
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .innerJoin('product_colors as c', (j) => j.onRef('c.product_id', '=', 'variants.product_id').onRef('c.color_id', '=', 'variants.color_id'))
    .select(['products.name', 'products.slug', 'variants.size', 'variants.color_id', 'c.name as color_name'])
    .where('variants.sku', '=', sku)
    .executeTakeFirstOrThrow();
  const link = new URL(`${productUrl(v.slug)}?color=${encodeURIComponent(v.color_id)}`, origin).toString();
  const mailer = mailerFor(db);
  for (const entry of entries) {
    await mailer.send({
      to: entry.email,
      subject: `Back in stock: ${v.name}`,
      text: `Good news: ${v.name} in ${v.color_name}${v.size ? `, size ${v.size},` : ''} is back in stock.\n\n${link}\n\nYou asked us to tell you; this is the only e-mail we send about it.\n`,
    });
    await db.kysely.deleteFrom('waitlist_entries').where('id', '=', entry.id).execute();
  }
  return entries.length;
}
