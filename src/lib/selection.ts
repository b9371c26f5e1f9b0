import type { ProductView, VariantView } from './commerce-types.ts';

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

/**
 * The add button's text: the spec's 'Please Select a Size' while a size is missing, 'Please select both {a} and
 * {b}.' / 'Please select {a}.' for other missing choices, 'Out of Stock' for a sold-out variant.
 */
export function addButtonLabel(product: ProductView, selections: Selections): string {
  const missing = missingAttributeNames(product, selections);
  if (missing.length === 0) return resolveVariant(product, selections)?.inStock ? 'Add to Bag' : 'Out of Stock';
  if (missing.includes('Size')) return 'Please Select a Size';
  if (missing.length === 2) return `Please select both ${missing[0]} and ${missing[1]}.`;
  return `Please select ${missing.join(', ')}.`;
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
