import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { AccountMenuSchema, BrandTabsSchema, ContentAreasSchema, HeaderDataSchema, MegaMenuSchema, PromoBarSchema } from './content/schemas.ts';

/**
 * Header content that editors change (docs/content-editing.md). One JSON file per collection under
 * src/content/header; the entry id is the file name, so a validation error names the file and the field.
 */
const base = './src/content/header';

export const collections = {
  brandTabs: defineCollection({ loader: glob({ pattern: 'brand-tabs.json', base }), schema: BrandTabsSchema }),
  promoBar: defineCollection({ loader: glob({ pattern: 'promo-bar.json', base }), schema: PromoBarSchema }),
  megaMenu: defineCollection({ loader: glob({ pattern: 'mega-menu.json', base }), schema: MegaMenuSchema }),
  headerData: defineCollection({ loader: glob({ pattern: 'header-data.json', base }), schema: HeaderDataSchema }),
  accountMenu: defineCollection({ loader: glob({ pattern: 'account-menu.json', base }), schema: AccountMenuSchema }),
  contentAreas: defineCollection({ loader: glob({ pattern: 'content-areas.json', base }), schema: ContentAreasSchema }),
};
