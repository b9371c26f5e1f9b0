import type { ProductView, VariantView } from './commerce-types.ts';
import { isGiftCard } from './product-types.ts';

/**
 * Pure selection rules for the purchase area: which values can be chosen, which variant a choice resolves to,
 * and what is still missing. The attribute order is the product's attributeMappingHierarchy (after colour).
 */
export type Selections = Record<string, string | undefined>;

type AttributeField = 'color' | 'size' | 'sizeFamily' | 'braBandSize' | 'braCupSize' | 'shoeWidth';

const field = (attrId: string) => attrId as AttributeField;

export function attributeIds(product: Pick<ProductView, 'attributeMappingHierarchy'>): string[] {
  const rest = product.attributeMappingHierarchy ? product.attributeMappingHierarchy.split('|') : [];
  return ['color', ...rest];
}

/**
 * A value is available when some in-stock variant has it together with the choices made for the attributes
 * before it in the hierarchy (colour first, then primary, then secondary). Later choices never disable earlier
 * ones, so any in-stock combination can be reached from any selection: there are no dead ends.
 */
export function isValueAvailable(product: ProductView, selections: Selections, attrId: string, value: string): boolean {
  const ids = attributeIds(product);
  const before = ids.slice(0, Math.max(0, ids.indexOf(attrId)));
  return product.variants.some(
    (v) => v.inStock && v[field(attrId)] === value && before.every((id) => !selections[id] || v[field(id)] === selections[id]),
  );
}

/** The variant every attribute's choice points to, or null while something is unchosen or no such variant exists. */
export function resolveVariant(product: ProductView, selections: Selections): VariantView | null {
  const ids = attributeIds(product);
  if (ids.some((id) => !selections[id])) return null;
  return product.variants.find((v) => ids.every((id) => v[field(id)] === selections[id])) ?? null;
}

export function missingAttributeNames(product: ProductView, selections: Selections): string[] {
  return product.variationAttributes.filter((a) => !selections[a.id]).map((a) => a.name);
}

/** The spec's generic selection prompt (product spec §8), for three choices or more still to make. */
export const PLEASE_SELECT = 'Please Select';

/**
 * The add button's text: the spec's 'Please Select a Size' while a size is missing, 'Please select both {a} and
 * {b}.' / 'Please select {a}.' for one or two other missing choices, the generic 'Please Select' for more (a list of
 * three names is longer than the button), 'Out of Stock' for a sold-out variant, and 'Sold Out' for a product that
 * cannot be bought in any colour or size (nothing to choose would change that).
 */
export function addButtonLabel(product: ProductView, selections: Selections): string {
  if (isSoldOut(product)) return 'Sold Out';
  const missing = missingAttributeNames(product, selections);
  if (missing.length === 0) return resolveVariant(product, selections)?.inStock ? 'Add to Bag' : 'Out of Stock';
  if (missing.includes('Size')) return 'Please Select a Size';
  if (missing.length > 2) return PLEASE_SELECT;
  if (missing.length === 2) return `Please select both ${missing[0]} and ${missing[1]}.`;
  return `Please select ${missing[0]}.`;
}

/**
 * Choosing a value (product spec §4). A new colour keeps the sizes chosen: when the combination is not sold in that
 * colour the notice says so and asks for another colour (the shopper can also pick another size; nothing is
 * disabled before it). A new primary value (band, size) keeps a later choice only while it stays available: an
 * unavailable secondary (cup, width) is cleared.
 */
export function choose(product: ProductView, selections: Selections, attrId: string, value: string): Selections {
  const next: Selections = { ...selections, [attrId]: value };
  if (attrId === 'color') return next;
  const ids = attributeIds(product);
  // A value that belongs to one earlier value only (6P is a Petite size) chooses that value too when it is unchosen,
  // so a size picked before its fit is never answered by 'Please select Fit.'.
  for (const id of ids.slice(1, ids.indexOf(attrId))) {
    if (next[id]) continue;
    const owners = new Set(product.variants.filter((v) => v[field(attrId)] === value).map((v) => v[field(id)]));
    const [only] = owners;
    if (owners.size === 1 && only) next[id] = only;
  }
  for (const id of ids.slice(ids.indexOf(attrId) + 1)) {
    const chosen = next[id];
    if (chosen && !isValueAvailable(product, next, id, chosen)) next[id] = undefined;
  }
  return next;
}

/** Keeps each choice, in hierarchy order, only while it is still available (after fresh stock data arrives). */
export function normalise(product: ProductView, selections: Selections): Selections {
  let next: Selections = {};
  for (const id of attributeIds(product)) {
    const value = selections[id];
    if (value && isValueAvailable(product, next, id, value)) next = { ...next, [id]: value };
  }
  return next;
}

/**
 * The values of an attribute that exist at all for the choices before it (a Petite fit has no Tall sizes, a 32
 * band no DD cup). Stock does not matter here: an existing but sold-out value is shown, marked out of stock.
 */
export function existingValues(product: ProductView, selections: Selections, attrId: string): Set<string> {
  const ids = attributeIds(product);
  const before = ids.slice(1, Math.max(1, ids.indexOf(attrId))); // colour never hides sizes
  return new Set(
    product.variants
      .filter((v) => before.every((id) => !selections[id] || v[field(id)] === selections[id]))
      .map((v) => v[field(attrId)])
      .filter((x): x is string => !!x),
  );
}

/**
 * The choices a product page starts with (product spec §4): the first colour in stock, or the first colour of a
 * product sold out in every colour (so it shows its images, price and sizes rather than nothing); a fit (size
 * family), which is a way of reading sizes and not a size, preselected like the colour so that the sizes shown
 * are that fit's; and for gift cards the first amount, so a gift card is always addable.
 */
export function withDefaults(product: ProductView, sel: Selections): Selections {
  let next = sel;
  const colors = product.variationAttributes.find((a) => a.id === 'color')?.values ?? [];
  const firstColor = (colors.find((c) => isValueAvailable(product, {}, 'color', c.id)) ?? colors[0])?.id;
  if (!next.color && firstColor) next = choose(product, next, 'color', firstColor);
  const ids = attributeIds(product);
  // A size already chosen (from the URL, say) decides its own fit: 6P is Petite.
  for (const id of ids.slice(2)) {
    const value = next[id];
    if (value) next = choose(product, next, id, value);
  }
  if (ids[1] === 'sizeFamily' && ids.length > 2 && !next.sizeFamily) {
    const fits = product.variationAttributes.find((a) => a.id === 'sizeFamily')?.values ?? [];
    const fit = (fits.find((f) => isValueAvailable(product, next, 'sizeFamily', f.id)) ?? fits[0])?.id;
    if (fit) next = choose(product, next, 'sizeFamily', fit);
  }
  if (isGiftCard(product.productType)) {
    for (const id of ids.slice(1)) {
      const first = product.variationAttributes.find((a) => a.id === id)?.values[0]?.id;
      if (!next[id] && first) next = choose(product, next, id, first);
    }
  }
  return next;
}

/** True when no variant of the product can be bought in any colour (the catalog's completeOOS). */
export const isSoldOut = (product: Pick<ProductView, 'completeOOS'>): boolean => product.completeOOS;

/**
 * How a line or a saved item names its size: every chosen attribute besides colour. A bra's size already holds band
 * and cup (34DD); a shoe's width follows its size ('8 W', '8 M'), so two widths never look like one line.
 */
export function sizeLabel(v: { size: string | null; shoeWidth?: string | null }): string | null {
  if (!v.size) return null;
  return v.shoeWidth ? `${v.size} ${v.shoeWidth}` : v.size;
}
