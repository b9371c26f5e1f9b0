import type { PROMO_BACKGROUND_CLASSES, PROMO_TEXT_CLASSES, PromoBar } from './content-documents.ts';

/**
 * What a publish must not break beyond the schema: the promo bar's text must stay readable on its background (WCAG
 * AA, 4.5:1 for its small text). The colours are those of the classes in src/components/header/header.css.
 */
const COLOURS: Record<(typeof PROMO_BACKGROUND_CLASSES)[number] | (typeof PROMO_TEXT_CLASSES)[number], string> = {
  'promo-bg-navy': '#24365c',
  'promo-bg-coral': '#a33d2e',
  'promo-bg-sand': '#e9dfcc',
  'promo-bg-teal': '#155f5f',
  'promo-text-light': '#ffffff',
  'promo-text-dark': '#1d1d22',
};
const MIN_CONTRAST = 4.5;

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Why the promo bar's colours cannot be published, or null when its text is readable on its background. */
export function promoContrastProblem(bar: Pick<PromoBar, 'textClass' | 'backgroundColorClass'>): string | null {
  const ratio = contrastRatio(COLOURS[bar.textClass], COLOURS[bar.backgroundColorClass]);
  if (ratio >= MIN_CONTRAST) return null;
  return `textClass: ${bar.textClass} on ${bar.backgroundColorClass} has a contrast of ${ratio.toFixed(1)}:1, below ${MIN_CONTRAST}:1; choose the other text colour`;
}

/** The store's pages a document may link to by id: the catalog's categories (`/c/{id}`) and brands (`/brand/{id}`). */
export interface KnownPages {
  categories: ReadonlySet<string>;
  brands: ReadonlySet<string>;
}

const LINK_FIELDS = new Set(['url', 'href', 'promotionLink', 'allDealsLink']);
const CATEGORY_LINK = /^\/c\/([^/?#]+)/;
const BRAND_LINK = /^\/brand\/([^/?#]+)/;

/** The first link of a document to a category or brand page that does not exist, naming the field; or null. */
export function deadLinkProblem(content: unknown, known: KnownPages, path: string[] = []): string | null {
  if (Array.isArray(content)) {
    for (const [i, item] of content.entries()) {
      const found = deadLinkProblem(item, known, [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (content === null || typeof content !== 'object') return null;
  for (const [key, value] of Object.entries(content)) {
    const where = [...path, key].join('.');
    if (LINK_FIELDS.has(key) && typeof value === 'string') {
      const category = CATEGORY_LINK.exec(value)?.[1];
      if (category !== undefined && !known.categories.has(category)) return `${where}: ${value} is not a page of the store (no category ${category})`;
      const brand = BRAND_LINK.exec(value)?.[1];
      if (brand !== undefined && !known.brands.has(brand)) return `${where}: ${value} is not a page of the store (no brand ${brand})`;
    } else {
      const found = deadLinkProblem(value, known, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
