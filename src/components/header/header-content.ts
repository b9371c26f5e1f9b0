import type { AstroGlobal } from 'astro';
import type { HeaderContent } from '#src/lib/content/content-documents.ts';

/**
 * The header's content: what the editors have published, read at request time through the commerce API
 * (docs/content-editing.md). Every page with the header is rendered on demand (shared ones kept by the page cache
 * under the content stamp), so no page carries a header frozen at build time: one that tries fails the build.
 */
export async function headerContent(astro: Pick<AstroGlobal, 'locals' | 'isPrerendered' | 'url'>): Promise<HeaderContent> {
  if (astro.isPrerendered) {
    throw new Error(`${astro.url.pathname} is rendered at build time but shows the header, whose content is live: render it on demand.`);
  }
  return astro.locals.commerce.content.header();
}
