import { z } from 'astro/zod';
import { isNewYorkTime } from '../lib/header/time-window.ts';

/**
 * Schemas of the header content an editor changes (spec §3). Each file under src/content/header is checked against
 * one of these at build time; a wrong field fails `astro build` / `astro check` naming the collection, the file
 * and the field path. docs/content-editing.md explains each with examples. Unknown fields are refused, so a typo
 * in a field name fails too instead of being silently ignored.
 */
const path = z.string().regex(/^(\/|https:\/\/)/, 'must start with / or https://');
const nyTime = z.string().refine(isNewYorkTime, 'must be a New York time written YYYY-MM-DDTHH:mm');
const devices = z
  .array(z.enum(['desktop', 'mobile']))
  .min(1)
  .default(['desktop', 'mobile']);

export const BrandTabSchema = z.strictObject({
  brandId: z.string().regex(/^[a-z]{2}$/, 'must be a two-letter brand code'),
  url: path,
  logoURL: path.optional(),
  isNewBrand: z.boolean().default(false),
  alt: z.string().min(1),
  title: z.string().min(1),
  /** For a new brand: the position (0 = first) at which its tab is inserted among the others. */
  placedIndex: z.number().int().min(0).optional(),
});
export const BrandTabsSchema = z.strictObject({ tabs: z.array(BrandTabSchema).min(1) });

export const PromoSlideSchema = z.strictObject({
  text: z.string().min(1),
  promotionLink: path.optional(),
  promotionId: z.string().optional(),
  couponCode: z.string().optional(),
  detailsLinkText: z.string().optional(),
  /** Text of the promotion details the details link opens. */
  details: z.string().optional(),
  allDealsLink: path.optional(),
  contentAssetId: z.string().optional(),
  customDisclaimer: z.string().optional(),
});
export const PromoBarSchema = z.strictObject({
  textClass: z.enum(['promo-text-light', 'promo-text-dark']),
  backgroundColorClass: z.enum(['promo-bg-navy', 'promo-bg-coral', 'promo-bg-sand', 'promo-bg-teal']),
  carouselDotColorClass: z.enum(['promo-dot-light', 'promo-dot-dark']),
  /** Paths (exact, or a prefix ending in *) where the bar is not shown. */
  excludedPages: z.array(z.string().regex(/^\//, 'must start with /')).default([]),
  slides: z.array(PromoSlideSchema).min(1),
});

export const MegaMenuItemSchema = z
  .strictObject({
    name: z.string().min(1),
    url: path,
    imageUrl: path.optional(),
    visibility: devices,
    startTime: nyTime.optional(),
    endTime: nyTime.optional(),
  })
  .refine((i) => !i.startTime || !i.endTime || i.startTime < i.endTime, { message: 'endTime must be after startTime', path: ['endTime'] });
export const MegaMenuColumnSchema = z.strictObject({
  items: z.array(MegaMenuItemSchema).min(1),
  visibility: devices,
  isImage: z.boolean().default(false),
  columnWidth: z.number().int().min(1).max(4).default(1),
});
export const MegaMenuEntrySchema = z.strictObject({
  heading: z.string().min(1),
  url: path,
  visibility: z
    .array(z.enum(['domestic', 'international']))
    .min(1)
    .default(['domestic', 'international']),
  columns: z.array(MegaMenuColumnSchema).default([]),
});
export const MegaMenuSchema = z.strictObject({ entries: z.array(MegaMenuEntrySchema).min(1) });

export const HEADER_LINK_TYPES = [
  'catalog',
  'plcc',
  'account',
  'rewards',
  'rewardscertificate',
  'rewardpoints',
  'rewardtier',
  'deals',
  'minicart',
  'styleBoxes',
] as const;
export const HeaderLinkSchema = z.strictObject({
  label: z.string().min(1),
  href: path,
  icon: z.string().optional(),
  type: z.enum(HEADER_LINK_TYPES),
  show: z.boolean().default(true),
  dataAction: z.string().optional(),
  value: z.string().optional(),
});
export const HeaderDataSchema = z.strictObject({
  links: z.array(HeaderLinkSchema).min(1),
  /** Overrides /rewards as the rewards link (the customer's own rewards page URL still wins). */
  rewardsUrl: path.optional(),
  /** Returns provider; {orderNumber} is replaced when known. Without it, return order goes to /orders. */
  returnsUrlTemplate: z
    .string()
    .regex(/^https:\/\//, 'must start with https://')
    .optional(),
  /** Brands whose pages show the personal-styling promotion and the style-box popover. */
  personalStyling: z.strictObject({
    brands: z.array(z.string().regex(/^[a-z]{2}$/)).default([]),
    headline: z.string().min(1),
    text: z.string().min(1),
    url: path,
  }),
});

export const AccountMenuEntrySchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  icon: z.string().optional(),
  url: path,
  order: z.number().int(),
});
export const AccountMenuSchema = z.strictObject({ entries: z.array(AccountMenuEntrySchema).min(1) });

const LinkSchema = z.strictObject({
  label: z.string().min(1),
  url: z.string().regex(/^(\/|https:\/\/|tel:|mailto:)/, 'must start with /, https://, tel: or mailto:'),
});
export const ContentAreasSchema = z.strictObject({
  customerService: z.strictObject({ heading: z.string().min(1), text: z.string().optional(), links: z.array(LinkSchema) }),
  quickLinks: z.strictObject({ heading: z.string().min(1), links: z.array(LinkSchema) }),
  sharedLinks: z.array(LinkSchema),
});

export type PromoBar = z.infer<typeof PromoBarSchema>;
export type MegaMenuEntry = z.infer<typeof MegaMenuEntrySchema>;
export type HeaderLink = z.infer<typeof HeaderLinkSchema>;
export type AccountMenuEntry = z.infer<typeof AccountMenuEntrySchema>;
export type ContentAreas = z.infer<typeof ContentAreasSchema>;

/**
 * The promo bar as the header uses it at run time: the parsed data, or null when it cannot be parsed. The failure
 * is logged and the bar is then not shown (header spec §8); the rest of the header renders.
 */
export function parsePromoBar(data: unknown, log: (message: string) => void = (m) => console.error(m)): PromoBar | null {
  const parsed = PromoBarSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  log(`[header] promo bar data could not be parsed; the bar is hidden: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown'}`);
  return null;
}
