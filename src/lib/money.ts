import { CURRENCY } from './constants.ts';

const formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: CURRENCY, minimumFractionDigits: 2 });

/** 2499 → "$24.99". The only place money becomes text. */
export function formatCents(cents: number): string {
  return formatter.format(cents / 100);
}

/** A price range with an en dash, or one price when both ends are equal. */
export function formatRange(range: { min: number; max: number }): string {
  return range.min === range.max ? formatCents(range.min) : `${formatCents(range.min)} – ${formatCents(range.max)}`;
}
