import { randomUUID } from 'node:crypto';
import { isGiftCard } from '#src/lib/product-types.ts';
import type { ProductView, WishlistItemView } from '#src/lib/commerce-types.ts';
import type { Wishlist } from '#src/lib/commerce/bag.ts';
import type { Db } from '../db/database.ts';
import { sizeLabel } from '#src/lib/selection.ts';
import { readProduct } from './catalog.ts';
import { CommerceError } from './errors.ts';

/**
 * A signed-in customer's wishlist: one list per customer, created on first add. An entry is a variant (the size
 * the shopper chose) or a product; saving the same one twice keeps one entry. Prices and stock are read from the
 * catalog at every read, never stored.
 */

const EMPTY: Wishlist = { id: null, items: [] };

function itemView(row: { id: string; product_id: string; variant_id: string }, product: ProductView): WishlistItemView {
  const variant = row.variant_id ? product.variants.find((v) => v.id === row.variant_id) : undefined;
  const color = variant ? product.variationAttributes[0]?.values.find((c) => c.id === variant.color) : undefined;
  const image = (variant && product.images.find((m) => m.color === variant.color)) ?? product.images[0];
  const inStock = variant ? variant.inStock : !product.completeOOS;
  return {
    id: row.id,
    productId: row.variant_id || row.product_id,
    masterId: product.id,
    productName: product.name,
    productUrl: product.url,
    imageUrl: image?.url ?? '',
    colorName: color?.name ?? null,
    sizeLabel: variant ? sizeLabel(variant) : null,
    price: variant ? variant.finalPrice : product.priceData.finalPrice.min,
    productType: product.productType,
    canAddToBag: !!variant && variant.inStock && !isGiftCard(product.productType),
    inStock,
  };
}

export async function getWishlist(db: Db, customerId: string): Promise<Wishlist> {
  const list = await db.kysely.selectFrom('wishlists').select('id').where('customer_id', '=', customerId).executeTakeFirst();
  if (!list) return EMPTY;
  const rows = await db.kysely
    .selectFrom('wishlist_items')
    .select(['id', 'product_id', 'variant_id'])
    .where('wishlist_id', '=', list.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const products = new Map<string, ProductView>();
  for (const id of new Set(rows.map((r) => r.product_id))) {
    const p = await readProduct(db, id);
    if (p) products.set(id, p);
  }
  const items = rows.flatMap((r) => {
    const p = products.get(r.product_id);
    return p ? [itemView(r, p)] : [];
  });
  return { id: list.id, items };
}

/** Saves a variant (sku) or a product (id) on the customer's wishlist; saving it again changes nothing. */
export async function addToWishlist(db: Db, customerId: string, productId: string): Promise<Wishlist> {
  const variant = await db.kysely.selectFrom('variants').select(['sku', 'product_id']).where('sku', '=', productId).executeTakeFirst();
  const product = variant
    ? { id: variant.product_id }
    : await db.kysely.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  if (!product) throw new CommerceError('not_found', 'That product could not be found.');
  const now = new Date().toISOString();
  await db.kysely
    .insertInto('wishlists')
    .values({ id: randomUUID(), customer_id: customerId, created_at: now })
    .onConflict((oc) => oc.column('customer_id').doNothing())
    .execute();
  const list = await db.kysely.selectFrom('wishlists').select('id').where('customer_id', '=', customerId).executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('wishlist_items')
    .values({ id: randomUUID(), wishlist_id: list.id, product_id: product.id, variant_id: variant?.sku ?? '', created_at: now })
    .onConflict((oc) => oc.columns(['wishlist_id', 'product_id', 'variant_id']).doNothing())
    .execute();
  return getWishlist(db, customerId);
}

/** Removes an entry from the customer's own list; an entry of another list (or none) is not found. */
export async function removeFromWishlist(db: Db, customerId: string, itemId: string, listId: string): Promise<Wishlist> {
  const list = await db.kysely.selectFrom('wishlists').select('id').where('id', '=', listId).where('customer_id', '=', customerId).executeTakeFirst();
  const result = list
    ? await db.kysely.deleteFrom('wishlist_items').where('id', '=', itemId).where('wishlist_id', '=', list.id).executeTakeFirst()
    : { numDeletedRows: 0n };
  if (Number(result.numDeletedRows) === 0) throw new CommerceError('not_found', 'That item is no longer on your wishlist.');
  return getWishlist(db, customerId);
}
