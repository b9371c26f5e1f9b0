import { getEntry } from 'astro:content';
import { parsePromoBar, type PromoBar } from '#src/content/schemas.ts';

/**
 * The header's editable content (src/content/header/*.json, validated at build by src/content.config.ts).
 * A missing file stops the build with its name.
 */
function must<T>(found: { data: T } | undefined, id: string): T {
  if (!found) throw new Error(`Header content src/content/header/${id}.json is missing.`);
  return found.data;
}

export async function headerContent() {
  const [brandTabs, megaMenu, headerData, accountMenu, contentAreas, promoBar] = await Promise.all([
    (async () => must(await getEntry('brandTabs', 'brand-tabs'), 'brand-tabs'))(),
    (async () => must(await getEntry('megaMenu', 'mega-menu'), 'mega-menu'))(),
    (async () => must(await getEntry('headerData', 'header-data'), 'header-data'))(),
    (async () => must(await getEntry('accountMenu', 'account-menu'), 'account-menu'))(),
    (async () => must(await getEntry('contentAreas', 'content-areas'), 'content-areas'))(),
    readPromoBar(),
  ]);
  return { brandTabs, megaMenu, headerData, accountMenu, contentAreas, promoBar };
}

/** The promo bar, or null when its data cannot be parsed (logged; the bar is then not shown, spec §8). */
async function readPromoBar(): Promise<PromoBar | null> {
  try {
    const raw = await getEntry('promoBar', 'promo-bar');
    return parsePromoBar(raw?.data);
  } catch (err) {
    console.error('[header] promo bar data could not be read; the bar is hidden:', err);
  }
  return null;
}
