import * as v from 'valibot';
import { isNewYorkTime } from '../header/time-window.ts';

/**
 * The documents content editors change (header spec §3, docs/content-editing.md), one valibot schema each: the
 * editor's forms, the engine's check of every save and publish, and the header that renders them all read these.
 * Unknown fields are refused, so a misspelt field fails instead of being silently ignored; an error names the
 * field's path (documentProblem). The files under src/content/header hold each document's first version.
 */
const path = v.pipe(v.string(), v.regex(/^(\/|https:\/\/)/, 'must start with / or https://'));
const nyTime = v.pipe(v.string(), v.check(isNewYorkTime, 'must be a New York time written YYYY-MM-DDTHH:mm'));
const text = v.pipe(v.string(), v.minLength(1, 'must not be empty'));
const devices = v.optional(v.pipe(v.array(v.picklist(['desktop', 'mobile'])), v.minLength(1)), ['desktop', 'mobile']);
const endAfterStart = <T extends { startTime?: string | undefined; endTime?: string | undefined }>(i: T) =>
  !i.startTime || !i.endTime || i.startTime < i.endTime;

export const BrandTabSchema = v.strictObject({
  brandId: v.pipe(v.string(), v.regex(/^[a-z]{2}$/, 'must be a two-letter brand code')),
  url: path,
  logoURL: v.optional(path),
  isNewBrand: v.optional(v.boolean(), false),
  alt: text,
  title: text,
  /** For a new brand: the position (0 = first) at which its tab is inserted among the others. */
  placedIndex: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
export const BrandTabsSchema = v.strictObject({ tabs: v.pipe(v.array(BrandTabSchema), v.minLength(1, 'must have at least one tab')) });

export const PROMO_TEXT_CLASSES = ['promo-text-light', 'promo-text-dark'] as const;
export const PROMO_BACKGROUND_CLASSES = ['promo-bg-navy', 'promo-bg-coral', 'promo-bg-sand', 'promo-bg-teal'] as const;
export const PromoSlideSchema = v.strictObject({
  text,
  promotionLink: v.optional(path),
  promotionId: v.optional(v.string()),
  couponCode: v.optional(v.string()),
  detailsLinkText: v.optional(v.string()),
  /** Text of the promotion details the details link opens. */
  details: v.optional(v.string()),
  allDealsLink: v.optional(path),
  contentAssetId: v.optional(v.string()),
  customDisclaimer: v.optional(v.string()),
});
export const PromoBarSchema = v.strictObject({
  textClass: v.picklist(PROMO_TEXT_CLASSES),
  backgroundColorClass: v.picklist(PROMO_BACKGROUND_CLASSES),
  carouselDotColorClass: v.picklist(['promo-dot-light', 'promo-dot-dark']),
  /** Paths (exact, or a prefix ending in *) where the bar is not shown. */
  excludedPages: v.optional(v.array(v.pipe(v.string(), v.regex(/^\//, 'must start with /'))), []),
  slides: v.pipe(v.array(PromoSlideSchema), v.minLength(1, 'must have at least one slide')),
});

export const MegaMenuItemSchema = v.pipe(
  v.strictObject({
    name: text,
    url: path,
    imageUrl: v.optional(path),
    visibility: devices,
    startTime: v.optional(nyTime),
    endTime: v.optional(nyTime),
  }),
  v.forward(v.check(endAfterStart, 'endTime must be after startTime'), ['endTime']),
);
export const MegaMenuColumnSchema = v.strictObject({
  items: v.pipe(v.array(MegaMenuItemSchema), v.minLength(1, 'must have at least one item')),
  visibility: devices,
  isImage: v.optional(v.boolean(), false),
  columnWidth: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4)), 1),
});
export const MegaMenuEntrySchema = v.strictObject({
  heading: text,
  url: path,
  visibility: v.optional(v.pipe(v.array(v.picklist(['domestic', 'international'])), v.minLength(1)), ['domestic', 'international']),
  columns: v.optional(v.array(MegaMenuColumnSchema), []),
});
export const MegaMenuSchema = v.strictObject({ entries: v.pipe(v.array(MegaMenuEntrySchema), v.minLength(1, 'must have at least one entry')) });

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
export const HeaderLinkSchema = v.strictObject({
  label: text,
  href: path,
  icon: v.optional(v.string()),
  type: v.picklist(HEADER_LINK_TYPES),
  show: v.optional(v.boolean(), true),
  dataAction: v.optional(v.string()),
  value: v.optional(v.string()),
});
export const HeaderDataSchema = v.strictObject({
  links: v.pipe(v.array(HeaderLinkSchema), v.minLength(1, 'must have at least one link')),
  /** Overrides /rewards as the rewards link (the customer's own rewards page URL still wins). */
  rewardsUrl: v.optional(path),
  /** Returns provider; {orderNumber} is replaced when known. Without it, return order goes to /orders. */
  returnsUrlTemplate: v.optional(v.pipe(v.string(), v.regex(/^https:\/\//, 'must start with https://'))),
  /** Brands whose pages show the personal-styling promotion and the style-box popover. */
  personalStyling: v.strictObject({
    brands: v.optional(v.array(v.pipe(v.string(), v.regex(/^[a-z]{2}$/, 'must be a two-letter brand code'))), []),
    headline: text,
    text,
    url: path,
  }),
});

export const AccountMenuEntrySchema = v.strictObject({
  id: text,
  name: text,
  icon: v.optional(v.string()),
  url: path,
  order: v.pipe(v.number(), v.integer()),
});
export const AccountMenuSchema = v.strictObject({ entries: v.pipe(v.array(AccountMenuEntrySchema), v.minLength(1, 'must have at least one entry')) });

const LinkSchema = v.strictObject({
  label: text,
  url: v.pipe(v.string(), v.regex(/^(\/|https:\/\/|tel:|mailto:)/, 'must start with /, https://, tel: or mailto:')),
});
export const ContentAreasSchema = v.strictObject({
  customerService: v.strictObject({ heading: text, text: v.optional(v.string()), links: v.array(LinkSchema) }),
  quickLinks: v.strictObject({ heading: text, links: v.array(LinkSchema) }),
  sharedLinks: v.array(LinkSchema),
});

/** Content assets: short pieces of text with an optional link, shown by id (the order confirmation, a promo slide). */
const assetId = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be lower-case letters, digits and dashes'));
export const ContentAssetSchema = v.strictObject({
  id: assetId,
  title: text,
  body: v.pipe(v.string(), v.maxLength(2000)),
  link: v.optional(LinkSchema),
});
export const ContentAssetsSchema = v.pipe(
  v.strictObject({ assets: v.array(ContentAssetSchema) }),
  v.check((d) => new Set(d.assets.map((a) => a.id)).size === d.assets.length, 'assets: every asset needs an id of its own'),
);
/** The content assets the order confirmation shows under its heading, in this order, when they are published. */
export const ORDER_CONFIRMATION_ASSET_IDS = ['order-confirmation-note', 'order-confirmation-help'] as const;

/** Content slots: a named place on a page that shows assets, each slot for a New York-time window. */
export const ContentSlotSchema = v.pipe(
  v.strictObject({ id: assetId, assetIds: v.array(assetId), startTime: v.optional(nyTime), endTime: v.optional(nyTime) }),
  v.forward(v.check(endAfterStart, 'endTime must be after startTime'), ['endTime']),
);
export const ContentSlotsSchema = v.strictObject({ slots: v.array(ContentSlotSchema) });

/** Every document by id: the ids are the names of the files that seed them. */
export const DOCUMENT_SCHEMAS = {
  'brand-tabs': BrandTabsSchema,
  'promo-bar': PromoBarSchema,
  'mega-menu': MegaMenuSchema,
  'header-data': HeaderDataSchema,
  'account-menu': AccountMenuSchema,
  'content-areas': ContentAreasSchema,
  'content-slots': ContentSlotsSchema,
  'content-assets': ContentAssetsSchema,
} as const;
export type DocumentId = keyof typeof DOCUMENT_SCHEMAS;
export const DOCUMENT_IDS = Object.keys(DOCUMENT_SCHEMAS) as DocumentId[];
export const isDocumentId = (id: string): id is DocumentId => Object.hasOwn(DOCUMENT_SCHEMAS, id);

export const DOCUMENT_TITLES: Record<DocumentId, string> = {
  'brand-tabs': 'Brand tabs',
  'promo-bar': 'Promo bar',
  'mega-menu': 'Mega menu',
  'header-data': 'Header links',
  'account-menu': 'Account menu',
  'content-areas': 'Customer service and quick links',
  'content-slots': 'Content slots',
  'content-assets': 'Content assets',
};

export type BrandTabs = v.InferOutput<typeof BrandTabsSchema>;
export type PromoBar = v.InferOutput<typeof PromoBarSchema>;
export type MegaMenu = v.InferOutput<typeof MegaMenuSchema>;
export type MegaMenuEntry = v.InferOutput<typeof MegaMenuEntrySchema>;
export type HeaderData = v.InferOutput<typeof HeaderDataSchema>;
export type HeaderLink = v.InferOutput<typeof HeaderLinkSchema>;
export type AccountMenu = v.InferOutput<typeof AccountMenuSchema>;
export type AccountMenuEntry = v.InferOutput<typeof AccountMenuEntrySchema>;
export type ContentAreas = v.InferOutput<typeof ContentAreasSchema>;
export type ContentAsset = v.InferOutput<typeof ContentAssetSchema>;

/** The header's documents as the pages render them: the promo bar is null when its data cannot be parsed (spec §8). */
export interface HeaderContent {
  brandTabs: BrandTabs;
  promoBar: PromoBar | null;
  megaMenu: MegaMenu;
  headerData: HeaderData;
  accountMenu: AccountMenu;
  contentAreas: ContentAreas;
}

/** A document as the workspace shows it as text: JSON with two-space indents. */
export const documentText = (content: unknown) => JSON.stringify(content, null, 2);

/** One thing wrong with a document: the field's path (keys and list positions) and what is wrong with it. */
export interface DocumentIssue {
  path: string[];
  message: string;
}

/** Every problem of a document, each with its field's path: the editor's form marks each field with its own. */
export function documentIssues(id: DocumentId, content: unknown): DocumentIssue[] {
  const result = v.safeParse(DOCUMENT_SCHEMAS[id], content);
  if (result.success) return [];
  return result.issues.map((issue) => ({ path: issue.path?.map((p) => String(p.key)) ?? [], message: issue.message }));
}

/** A problem as the build and the server word it: the field's path first (`entries.0.columns.0.items.0.startTime: must be ...`). */
export const issueText = ({ path, message }: DocumentIssue) => (path.length > 0 ? `${path.join('.')}: ${message}` : message);

/** A document's first problem, naming the field by its path. */
export function documentProblem(id: DocumentId, content: unknown): string | null {
  const [first] = documentIssues(id, content);
  return first ? issueText(first) : null;
}

/** A document checked with its schema: its output (defaults filled in), or the problem naming the field. */
export function parseDocument<I extends DocumentId>(
  id: I,
  content: unknown,
): { ok: true; value: v.InferOutput<(typeof DOCUMENT_SCHEMAS)[I]> } | { ok: false; message: string } {
  const result = v.safeParse(DOCUMENT_SCHEMAS[id], content);
  if (result.success) return { ok: true, value: result.output as v.InferOutput<(typeof DOCUMENT_SCHEMAS)[I]> };
  return { ok: false, message: documentProblem(id, content) ?? 'The document is not valid.' };
}

/**
 * The promo bar as the header uses it: the parsed data, or null when it cannot be parsed. The failure is logged with
 * the field and the bar is then not shown (header spec §8); the rest of the header renders.
 */
export function parsePromoBar(data: unknown, log: (message: string) => void = (m) => console.error(m)): PromoBar | null {
  const parsed = parseDocument('promo-bar', data);
  if (parsed.ok) return parsed.value;
  log(`[header] promo bar data could not be parsed; the bar is hidden: ${parsed.message}`);
  return null;
}

type HeaderDocumentId = 'brand-tabs' | 'mega-menu' | 'header-data' | 'account-menu' | 'content-areas';

/**
 * The header's documents as the pages render them, from each document's content by id (the live ones, the drafts of
 * a preview, or the seed files of a page rendered at build time). A header document that cannot be read is a fault
 * (publishing refuses one); the promo bar is hidden instead (spec §8).
 */
export function headerFrom(contentOf: (id: DocumentId) => unknown): HeaderContent {
  const must = <I extends HeaderDocumentId>(id: I) => {
    const parsed = parseDocument(id, contentOf(id));
    if (!parsed.ok) throw new Error(`The content document ${id} cannot be read: ${parsed.message}`);
    return parsed.value;
  };
  return {
    brandTabs: must('brand-tabs'),
    promoBar: parsePromoBar(contentOf('promo-bar')),
    megaMenu: must('mega-menu'),
    headerData: must('header-data'),
    accountMenu: must('account-menu'),
    contentAreas: must('content-areas'),
  };
}
