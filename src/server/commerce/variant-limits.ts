import { prepared } from '../db/prepared.ts';
import type { LineChoice } from '#src/lib/commerce/bag.ts';
import type { Tx } from '../db/transaction.ts';
import { maxOrderable } from './catalog.ts';
import { CommerceError } from './errors.ts';

/** Run by every add and edit of a line: compiled once (db/prepared.ts). */
const variantRow = prepared((tx: Tx, sku: string) =>
  tx
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .leftJoin('stock', 'stock.sku', 'variants.sku')
    .select([
      'variants.sku',
      'variants.product_id',
      'variants.size_family',
      'variants.orderable',
      'variants.back_ordered',
      'variants.track_stock',
      'stock.on_hand',
      'products.max_order_qty',
      'products.is_hemmable',
      'products.product_type',
      'products.name',
      'products.brand_code',
    ])
    .where('variants.sku', '=', sku),
);

/** A variant as an add to the bag checks it: orderable, stock, the item's limit (shared by bought and free lines). */
export async function loadVariant(tx: Tx, sku: string) {
  const [row] = await variantRow(tx, sku);
  return row;
}

export type LoadedVariant = NonNullable<Awaited<ReturnType<typeof loadVariant>>>;

/** `total` is every unit of the variant the bag would hold, over all its lines. */
export function assertQuantityAllowed(v: LoadedVariant, total: number): void {
  if (!v.orderable) throw new CommerceError('not_orderable', `${v.name} can no longer be ordered in this size and colour.`);
  const limit = maxOrderable(v, v.max_order_qty);
  if (limit === 0) throw new CommerceError('out_of_stock', `Sorry, ${v.name} is out of stock in this size and colour.`);
  if (total > limit) {
    const reason = limit < v.max_order_qty ? `Only ${limit} left in stock` : `You can order at most ${limit}`;
    throw new CommerceError('quantity', `${reason} of ${v.name}.`);
  }
}

/** The hemming option a line asks for: none, or the product's option for the variant's size family and inseam. */
export async function resolveHemming(tx: Tx, v: LoadedVariant, input: LineChoice): Promise<string | null> {
  const wantsHem = input.optionItems?.some((o) => o.optionId === 'hemming' && o.optionValueId === '1') ?? false;
  if (!wantsHem) return null;
  if (!v.is_hemmable) throw new CommerceError('invalid', `${v.name} cannot be hemmed.`);
  if (!input.hemmingInseamLength) throw new CommerceError('invalid', 'Please choose an inseam length for hemming.');
  const option = await tx
    .selectFrom('hemming_options')
    .select('option_id')
    .where('product_id', '=', v.product_id)
    .where('size_family', '=', v.size_family ?? '')
    .where('inseam', '=', input.hemmingInseamLength)
    .executeTakeFirst();
  if (!option) throw new CommerceError('invalid', `An inseam of ${input.hemmingInseamLength}" is not offered for this size.`);
  return option.option_id;
}
