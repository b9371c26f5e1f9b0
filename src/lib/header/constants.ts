import { STORE_TIME_ZONE } from '../constants.ts';
/** The header's business constants (spec §9), in one place. Scripts, islands and the server import these. */
export const PROMO_AUTOPLAY_MS = 6000;
export const SEARCH_DEBOUNCE_MS = 500;
/** @public The spec's value, kept for the product finder, which does not exist yet (docs/spec-coverage.md §9). */
export const PRODUCT_FINDER_DEBOUNCE_MS = 1000;
export const FLYOUT_OPEN_DELAY_MS = 150;
export const RECENT_SEARCHES_SHOWN = 5;
/** How many recent searches the cookie keeps (more than are shown, so a removed one is backfilled). */
export const RECENT_SEARCHES_KEPT = 10;
export const RECENT_SEARCHES_COOKIE = 'recentSearches';
export const RECENT_SEARCH_MAX_LENGTH = 100;
export const STICKY_OFFSET_MOBILE = 115;
export const STICKY_OFFSET_DESKTOP = 5;
/** The mobile menu is the window height less this many pixels. */
export const MOBILE_MENU_HEIGHT_OFFSET = 110;
/** Mega menu start and end times are New York wall-clock times. */
export const MEGA_MENU_TIME_ZONE = STORE_TIME_ZONE;
export const DEFAULT_REWARDS_URL = '/rewards';
export const MEMBER_REWARDS_URL = '/myelqrewards';
/** A Dia Shop Rewards member's own standing is on the rewards page everyone reads (src/pages/rewards.astro). */
export const DIA_MEMBER_REWARDS_URL = '/rewards';
export const ORDERS_URL = '/orders';
export const COUNTRY = { code: 'US', short: 'USA', name: 'United States' } as const;
/** Suggestions per kind in the auto-suggest reply. */
export const SUGGEST_LIMITS = { typeahead: 6, quicklinks: 4, products: 6 } as const;
export const SEARCH_PAGE_SIZE = 24;
