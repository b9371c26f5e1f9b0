/**
 * Which search-suggestion replies may be shown (header spec §7: sent twice, fast then full; stale replies ignored).
 * Each term asked for gets a number; a reply shows only if its term is still the latest one asked, and a light
 * reply never replaces the full reply of the same term when it arrives after it.
 */
export interface ReplyGate {
  /** A new term is asked for: its number. */
  next(): number;
  /** The box was emptied: every reply in flight is stale. */
  cancel(): void;
  /** Whether the reply to request `id` (full or light) is to be shown now. */
  accept(id: number, full: boolean): boolean;
}

export function createReplyGate(): ReplyGate {
  let latest = 0;
  let fullShownFor = -1;
  return {
    next: () => ++latest,
    cancel: () => void latest++,
    accept(id, full) {
      if (id !== latest || (!full && fullShownFor === id)) return false;
      if (full) fullShownFor = id;
      return true;
    },
  };
}
