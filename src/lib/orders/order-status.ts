/**
 * An order's state in words, for its page, the order history and Track my order. The store writes 'placed' with the
 * order; a state without words here is shown as it is kept.
 */
const STATUS_WORDS: Record<string, string> = {
  placed: 'Being prepared',
};

export const orderStatusText = (status: string): string => STATUS_WORDS[status] ?? status;
