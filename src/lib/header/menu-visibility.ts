/**
 * Mega menu visibility (header spec §3): an entry is for domestic and/or international shoppers; a column or item
 * for desktop and/or mobile. The store ships within the USA (the country selector shows USA), so both menus, the
 * desktop mega menu and the small-screen hamburger menu, show the domestic entries only.
 */
export type MarketVisibility = 'domestic' | 'international';
export type DeviceVisibility = 'desktop' | 'mobile';

export const STORE_MARKET: MarketVisibility = 'domestic';

export const forMarket = <T extends { visibility: readonly MarketVisibility[] }>(
  entries: readonly T[],
  market: MarketVisibility = STORE_MARKET,
): T[] => entries.filter((e) => e.visibility.includes(market));

export const forDevice = <T extends { visibility: readonly DeviceVisibility[] }>(parts: readonly T[], device: DeviceVisibility): T[] =>
  parts.filter((p) => p.visibility.includes(device));
