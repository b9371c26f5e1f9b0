import type { BrandSettings } from '#src/lib/commerce-types.ts';

const SETTINGS: ReadonlyMap<string, BrandSettings> = new Map<string, BrandSettings>([
  ['fb', { showPerksInfo: true, perksPromoId: 'fb-perks', showPerksDetailsLink: true }],
]);
const NONE: BrandSettings = { showPerksInfo: false, perksPromoId: null, showPerksDetailsLink: false };

export const brandSettings = (brand: string): BrandSettings => SETTINGS.get(brand) ?? NONE;
