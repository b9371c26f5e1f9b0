/**
 * Per-brand settings the product page reads (the spec's "server preferences"): whether the brand runs the perks
 * subscription and shows its message.
 */
export interface BrandSettings {
  showPerksInfo: boolean;
  perksPromoId: string | null;
  showPerksDetailsLink: boolean;
}

const SETTINGS: ReadonlyMap<string, BrandSettings> = new Map<string, BrandSettings>([
  ['fb', { showPerksInfo: true, perksPromoId: 'fb-perks', showPerksDetailsLink: true }],
]);
const NONE: BrandSettings = { showPerksInfo: false, perksPromoId: null, showPerksDetailsLink: false };

export const brandSettings = (brand: string): BrandSettings => SETTINGS.get(brand) ?? NONE;
