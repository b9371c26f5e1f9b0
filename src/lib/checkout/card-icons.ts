/**
 * Checkout spec §9: payment icons are 18 to 100 px wide, and the card icon carousel plays by itself every 2 s. The four
 * cards the store takes fit in one row at every width, so the carousel moves which card is featured, not the row:
 * every card stays readable at once (docs/decisions.md "Card icon carousel").
 */
export const PAYMENT_ICON_WIDTH = { min: 18, max: 100 } as const;
export const CARD_ICON_AUTOPLAY_MS = 2000;

export const clampIconWidth = (width: number): number => Math.min(PAYMENT_ICON_WIDTH.max, Math.max(PAYMENT_ICON_WIDTH.min, Math.round(width)));

/** The next card to feature, after the last the first again. */
export const nextFeatured = (index: number, count: number): number => (count > 0 ? (index + 1) % count : 0);
