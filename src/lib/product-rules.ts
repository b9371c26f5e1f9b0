import * as v from 'valibot';
import { noCardNumber } from './no-card-number.ts';
import type { ProductView, VariantView } from './commerce-types.ts';
import { THUMBNAILS_VISIBLE } from './constants.ts';
import { isGiftCard, isMerchandise } from './product-types.ts';
import { attributeIds, isSoldOut, type Selections } from './selection.ts';
import { NAME_FIELD_MAX } from './schemas/limits.ts';
import { GiftMessage } from './schemas/basket.ts';
import { Email } from './schemas/email.ts';
import { formatCents, formatRange } from './money.ts';

/** Product page rules of the spec (product document §2, §4, §5), pure so they can be tested as sentences. */

export const STAR_RATING_MIN_EXCLUSIVE = 3;
/** A star rating is shown only above 3 out of 5. */
export const showStarRating = (rating: number | null | undefined): rating is number =>
  typeof rating === 'number' && rating > STAR_RATING_MIN_EXCLUSIVE;

export interface Crumb {
  label: string;
  url: string;
}

const SEARCH_RESULTS_PREFIX = /^\/search-results(?=\/)/;
/** Breadcrumb links are shown with the search-results path prefix removed. */
export const stripSearchPrefix = (url: string) => url.replace(SEARCH_RESULTS_PREFIX, '') || '/';

export function breadcrumbs(product: Pick<ProductView, 'brand' | 'brandName' | 'category' | 'name' | 'url'>): Crumb[] {
  return [
    { label: 'Home', url: '/home' },
    { label: product.brandName, url: `/brand/${product.brand}` },
    {
      label: product.category.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
      url: stripSearchPrefix(`/search-results/c/${product.category}`),
    },
    { label: product.name, url: product.url },
  ];
}

/**
 * The wishlist toggle appears only when a size is chosen (or for a gift card); bras need both band and cup,
 * shoes need a shoe size.
 */
export function showWishlistToggle(product: ProductView, sel: Selections): boolean {
  if (isGiftCard(product.productType)) return true;
  const ids = attributeIds(product).filter((id) => id !== 'color');
  if (ids.includes('braBandSize')) return !!sel.braBandSize && !!sel.braCupSize;
  if (ids.includes('shoeWidth')) return !!sel.size;
  return ids.length === 0 || ids.some((id) => id === 'size' && !!sel[id]);
}

/** Hemming is offered for hemmable products once a size is chosen; clicking the chosen option again clears it. */
export const showHemming = (product: ProductView, variant: VariantView | null) =>
  product.isHemmable && !!variant?.sizeFamily && !!product.hemming[variant.sizeFamily];
export const toggleHemming = (current: string | null, clicked: string): string | null => (current === clicked ? null : clicked);

/** The quantity list runs 1 to the max; a quantity past a shrunk max goes back to 1. */
export const quantityOptions = (max: number) => Array.from({ length: Math.max(1, max) }, (_, i) => i + 1);
export const clampQuantity = (quantity: number, max: number) => (quantity > max ? 1 : quantity);

/**
 * The availability notice: caution style for a server message (back-order, low stock), error style when the
 * chosen combination cannot be ordered, with the spec's text when no variant resolves.
 */
export function availabilityNotice(
  product: ProductView,
  sel: Selections,
  variant: VariantView | null,
): { kind: 'caution' | 'error'; text: string } | null {
  const ids = attributeIds(product);
  const allChosen = ids.every((id) => !!sel[id]);
  if (!allChosen) return null;
  const name = (id: string) => product.variationAttributes.find((a) => a.id === id);
  const valueName = (id: string) => name(id)?.values.find((x) => x.id === sel[id])?.name ?? sel[id] ?? '';
  if (isSoldOut(product)) return null; // the purchase area says the whole product is sold out, with the waitlist
  if (!variant?.inStock) {
    const last = ids.at(-1) ?? '';
    // Asking for another colour only helps when another colour has this size in stock.
    const elsewhere = product.variants.some((x) => x.inStock && ids.every((id) => id === 'color' || x[id as 'size'] === sel[id]));
    if (!elsewhere) {
      const what = ids
        .filter((id) => id !== 'color')
        .map(valueName)
        .join(' ');
      return { kind: 'error', text: `${name(last)?.name ?? last} ${what} is sold out in every color.` };
    }
    // '{attribute} {value} is unavailable in {color} and {size}, please select another color.' With a size as the
    // only choice besides colour, '{size}' would repeat it ('Size M … in Olive and M'), so it is left out.
    const size = ids
      .filter((id) => id !== 'color' && id !== last)
      .map(valueName)
      .join(' ');
    const where = size ? `${valueName('color')} and ${size}` : valueName('color');
    return { kind: 'error', text: `${name(last)?.name ?? last} ${valueName(last)} is unavailable in ${where}, please select another color.` };
  }
  if (variant.isBackOrdered) return { kind: 'caution', text: 'Back-ordered: ships in 2-3 weeks.' };
  if (variant.maxOrderable > 0 && variant.maxOrderable <= 3 && isMerchandise(product.productType)) {
    return { kind: 'caution', text: `Only ${variant.maxOrderable} left in stock.` };
  }
  return null;
}

/**
 * Gift card personalisation (header §5): required names up to 50, and a message up to 330 that is required once
 * its checkbox is ticked. The message and the e-mail follow the add-to-bag payload's own rules (src/lib/schemas).
 */
const Required = (message: string) =>
  v.pipe(v.string(), v.trim(), v.minLength(1, message), v.maxLength(NAME_FIELD_MAX, `At most ${NAME_FIELD_MAX} characters`), noCardNumber());
const GiftCardNames = v.object({ to: Required('Please add To'), from: Required('Please add From') });
const EGiftCardNames = v.object({ to: Required('Please add To'), from: Required('Please add your name'), email: Email });
export interface GiftCardFields {
  to: string;
  from: string;
  email: string;
  confirmEmail: string;
  withMessage: boolean;
  message: string;
}

/** Field errors for the gift card form; e-mails are compared once the confirm field has been left. */
export function giftCardErrors(eGift: boolean, fields: GiftCardFields, confirmLeft: boolean): Partial<Record<keyof GiftCardFields, string>> {
  const errors: Partial<Record<keyof GiftCardFields, string>> = {};
  const result = eGift ? v.safeParse(EGiftCardNames, fields) : v.safeParse(GiftCardNames, fields);
  if (!result.success) {
    for (const issue of result.issues) {
      const key = issue.path?.[0]?.key as keyof GiftCardFields | undefined;
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  if (fields.withMessage) {
    const message = v.safeParse(GiftMessage, fields.message);
    if (!message.success) errors.message = message.issues[0].message;
  }
  if (eGift && confirmLeft && fields.confirmEmail.trim().toLowerCase() !== fields.email.trim().toLowerCase())
    errors.confirmEmail = 'Emails do not match';
  if (eGift && !confirmLeft && !errors.confirmEmail && fields.confirmEmail === '') errors.confirmEmail = 'Emails do not match';
  return errors;
}

/** Images of a colour (the preview colour wins while hovered), falling back to the product's first images. */
export function imagesFor(product: Pick<ProductView, 'images'>, color: string | undefined) {
  const own = product.images.filter((i) => i.color === color);
  return own.length > 0 ? own : product.images.filter((i) => i.color === product.images[0]?.color);
}

/** Up to 4 thumbnails are shown, then a '+N more' tile that expands all. */
export function visibleThumbnails<T>(items: T[], expanded: boolean, limit = THUMBNAILS_VISIBLE): { shown: T[]; more: number } {
  if (expanded || items.length <= limit) return { shown: items, more: 0 };
  return { shown: items.slice(0, limit), more: items.length - limit };
}

/**
 * The price block (product spec §3 priceData: list, sale, final): the final price; the list price struck through
 * when it is higher; and the sale price when a promotion takes the final price below it, so the shopper sees the
 * sale and the promotion on top. For a chosen variant its own prices; with only a colour chosen, that colour's
 * ranges; otherwise the product's ranges (en dash).
 */
export function priceBlock(
  product: Pick<ProductView, 'priceData'> & Partial<Pick<ProductView, 'variants'>>,
  variant: Pick<VariantView, 'listPrice' | 'salePrice' | 'finalPrice'> | null,
  color?: string,
): { final: string; list: string | null; sale: string | null } {
  if (variant) {
    return {
      final: formatCents(variant.finalPrice),
      list: variant.listPrice > variant.finalPrice ? formatCents(variant.listPrice) : null,
      sale: variant.salePrice < variant.listPrice && variant.salePrice > variant.finalPrice ? formatCents(variant.salePrice) : null,
    };
  }
  // A colour chosen before its size: that colour's prices (a clearance colour's lower ones), not the product's.
  const ofColor = color ? (product.variants ?? []).filter((v) => v.color === color) : [];
  const rangeOf = (pick: (v: VariantView) => number) => ({ min: Math.min(...ofColor.map(pick)), max: Math.max(...ofColor.map(pick)) });
  const { finalPrice, listPrice, salePrice } =
    ofColor.length > 0
      ? { finalPrice: rangeOf((v) => v.finalPrice), listPrice: rangeOf((v) => v.listPrice), salePrice: rangeOf((v) => v.salePrice) }
      : product.priceData;
  return {
    final: formatRange(finalPrice),
    list: listPrice.max > finalPrice.max ? formatRange(listPrice) : null,
    sale: salePrice.max < listPrice.max && salePrice.max > finalPrice.max ? formatRange(salePrice) : null,
  };
}

/**
 * The colour groups with a message (clearance, final sale) as the product page shows them: the message, the
 * group's price and the colours it means by name, and whether the chosen colour is one of them.
 */
export function colorGroupNotes(
  product: Pick<ProductView, 'colorGroups' | 'variationAttributes'>,
  color: string | undefined,
): { type: string; message: string; colorNames: string[]; price: string; current: boolean }[] {
  const names = product.variationAttributes.find((a) => a.id === 'color')?.values ?? [];
  return product.colorGroups.flatMap((g) =>
    g.messages.colorGroupCallout
      ? [
          {
            type: g.type,
            message: g.messages.colorGroupCallout,
            colorNames: g.colors.map((c) => names.find((n) => n.id === c)?.name ?? c),
            price: formatRange(g.finalPrice),
            current: !!color && g.colors.includes(color),
          },
        ]
      : [],
  );
}
