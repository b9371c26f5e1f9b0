import * as v from 'valibot';
import { sizeChartHtml } from '../content/size-charts.ts';
import { FeedProductSchema, type FeedProduct } from './feed-schema.ts';
import { hemmingOptionId } from './feed-rows.ts';

/** What is wrong with one field of one line: `field` is a path such as `colors[0].variants[2].salePriceCents`. */
export interface FieldIssue {
  field: string;
  message: string;
}

export type LineResult = { product: FeedProduct; issues?: undefined } | { product?: undefined; issues: FieldIssue[] };

function pathOf(issue: v.BaseIssue<unknown>): string {
  let out = '';
  for (const item of issue.path ?? []) {
    const key = item.key as string | number;
    out += typeof key === 'number' ? `[${key}]` : out ? `.${key}` : key;
  }
  return out;
}

/** valibot's issue in the feed's words: a missing field "is required", an unknown one is named as such. */
function describe(issue: v.BaseIssue<unknown>): FieldIssue {
  const field = pathOf(issue);
  const objectKey = issue.kind === 'schema' && (issue.type === 'strict_object' || issue.type === 'object') && issue.path?.length;
  if (objectKey && issue.expected === 'never') return { field, message: 'is not a field of the feed (misspelt?)' };
  if (objectKey && issue.received === 'undefined') return { field, message: 'is required' };
  return { field, message: issue.message };
}

/**
 * Parses and checks one line of a feed: JSON, the field rules (feed-schema.ts) and the rules between fields of one
 * product. Every issue of the line is reported, not only the first. `brands` are the store's brand codes.
 */
export function parseFeedLine(line: string, brands: ReadonlySet<string>): LineResult {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (err) {
    return { issues: [{ field: '', message: `is not valid JSON (${(err as Error).message})` }] };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { issues: [{ field: '', message: 'must be an object (one product per line)' }] };
  const parsed = v.safeParse(FeedProductSchema, json, { abortEarly: false });
  if (!parsed.success) return { issues: parsed.issues.map(describe) };
  const issues = productRules(parsed.output, brands);
  return issues.length ? { issues } : { product: parsed.output };
}

const listed = (values: string[]) => values.map((x) => `"${x}"`).join(', ');

/** The rules that compare fields of one product. */
export function productRules(p: FeedProduct, brands: ReadonlySet<string>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const add = (field: string, message: string) => issues.push({ field, message });

  if (!brands.has(p.brand)) add('brand', `"${p.brand}" is not a brand of the store (${listed([...brands])})`);
  if (p.sizeChart && sizeChartHtml(p.sizeChart) === null) add('sizeChart', `"${p.sizeChart}" is not a size chart of the store`);
  if (p.colors[0]?.images.length === 0) add('colors[0].images', 'the first colour needs at least one image (tiles and search show it)');
  if (p.subBrand && p.type !== 'regular') add('subBrand', 'only a regular product can belong to a sub-brand');

  p.attributes.forEach((a, i) => {
    if (p.attributes.indexOf(a) !== i) add(`attributes[${i}]`, `lists "${a}" twice`);
  });
  p.restrictedStates.forEach((s, i) => {
    if (p.restrictedStates.indexOf(s) !== i) add(`restrictedStates[${i}]`, `lists "${s}" twice`);
  });

  const colorAt = new Map<string, number>();
  const skuAt = new Map<string, string>();
  const families = new Set<string>();
  const tracked = p.type === 'regular';
  p.colors.forEach((color, ci) => {
    const at = `colors[${ci}]`;
    const first = colorAt.get(color.id);
    if (first === undefined) colorAt.set(color.id, ci);
    else add(`${at}.id`, `"${color.id}" is also colors[${first}]`);
    const combos = new Map<string, number>();
    color.variants.forEach((variant, vi) => {
      const vat = `${at}.variants[${vi}]`;
      const sameSku = skuAt.get(variant.sku);
      if (sameSku) add(`${vat}.sku`, `"${variant.sku}" is also ${sameSku}`);
      else skuAt.set(variant.sku, vat);
      if (variant.sizeFamily) families.add(variant.sizeFamily);
      for (const a of p.attributes) if (!variant[a]) add(`${vat}.${a}`, 'is required (the product lists it in attributes)');
      const combo = p.attributes.map((a) => variant[a] ?? '').join('\u0000');
      const twin = combos.get(combo);
      if (twin === undefined) combos.set(combo, vi);
      else
        add(
          vat,
          p.attributes.length
            ? `has the same ${p.attributes.join(' and ')} as variants[${twin}] of its colour`
            : `is a second variant of a colour, but the product has no attributes to tell them apart`,
        );
      if (tracked && variant.stock === undefined) add(`${vat}.stock`, 'is required (stock is kept for regular products)');
      if (!tracked && variant.stock !== undefined) add(`${vat}.stock`, 'must be left out: no stock is kept for gift cards and memberships');
    });
  });

  const options = new Set<string>();
  p.hemming.forEach((h, i) => {
    if (!families.has(h.sizeFamily)) add(`hemming[${i}].sizeFamily`, `no variant has the size family "${h.sizeFamily}"`);
    const option = hemmingOptionId(h);
    if (options.has(option)) add(`hemming[${i}].inseam`, `lists ${h.inseam} twice for ${h.sizeFamily}`);
    options.add(option);
  });
  return issues;
}
