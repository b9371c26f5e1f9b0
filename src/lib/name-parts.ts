/**
 * The small-text rule (header spec §5): two name parts are joined on one line only when their combined length is at
 * most 27 characters; longer, each keeps a line of its own. It governs the name line of every address the store
 * shows (the checkout's summary and saved addresses, the confirmation and the order's page): a long name never wraps
 * in the middle of a part, and a short one takes one line (docs/decisions.md, header section).
 */
export const SMALL_TEXT_MAX = 27;

export function nameLines(first: string, last: string): string[] {
  const parts = [first.trim(), last.trim()].filter(Boolean);
  if (parts.join('').length <= SMALL_TEXT_MAX) return [parts.join(' ')];
  return parts;
}
