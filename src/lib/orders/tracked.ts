/** The Track my order form's fields as typed (a POST, so neither lands in a URL or a log). */
export interface TrackOrderFields {
  orderNo: string;
  email: string;
}

/** A guest's order look-up (Track my order, an order's page): what was typed, and what was found. */
export interface Tracked<T> {
  typed: TrackOrderFields;
  /** The message to show, with the page's status (400 bad field, 429 too many look-ups), or null. */
  error: { message: string; status: number } | null;
  /** Whether a look-up ran (a well-formed form within the limit); `found` is then the order or null. */
  searched: boolean;
  found: T | null;
}
