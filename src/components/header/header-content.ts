import type { AstroGlobal } from 'astro';
import accountMenu from '#src/content/header/account-menu.json' with { type: 'json' };
import brandTabs from '#src/content/header/brand-tabs.json' with { type: 'json' };
import contentAreas from '#src/content/header/content-areas.json' with { type: 'json' };
import headerData from '#src/content/header/header-data.json' with { type: 'json' };
import megaMenu from '#src/content/header/mega-menu.json' with { type: 'json' };
import promoBar from '#src/content/header/promo-bar.json' with { type: 'json' };
import { type DocumentId, type HeaderContent, headerFrom } from '#src/lib/content/content-documents.ts';

/**
 * The header's content: on a page rendered on demand, what the editors have published, read at request time through
 * the commerce API (docs/content-editing.md); on a page rendered at build time, the files under src/content/header
 * (each document's first version).
 */
const SEED: Partial<Record<DocumentId, unknown>> = {
  'brand-tabs': brandTabs,
  'promo-bar': promoBar,
  'mega-menu': megaMenu,
  'header-data': headerData,
  'account-menu': accountMenu,
  'content-areas': contentAreas,
};

export async function headerContent(astro: Pick<AstroGlobal, 'locals' | 'isPrerendered'>): Promise<HeaderContent> {
  if (astro.isPrerendered) return headerFrom((id) => SEED[id]);
  return astro.locals.commerce.content.header();
}
