import * as v from 'valibot';
import { Email } from './schemas/email.ts';
import type { TrackOrderFields } from './orders/tracked.ts';

/**
 * Order numbers (header spec §5): 1 to 4 digits, a dash, 5 digits, a dash, 3 or 4 digits ("1234-00042-017").
 * Used by the guest's Track my order form; the message is ours (the spec gives the pattern, not the text).
 */
export const ORDER_NUMBER_PATTERN = /^\d{1,4}-\d{5}-\d{3,4}$/;
export const ORDER_NUMBER_INVALID = 'Please enter your order number as it appears in your confirmation, like 1234-56789-123.';

/** Track my order and an order's page, when no order has that number and e-mail. */
export const ORDER_NOT_FOUND = 'We could not find an order with that number and e-mail address. Check both and try again.';

export const isOrderNumber = (text: string): boolean => ORDER_NUMBER_PATTERN.test(text.trim());

export const TrackOrderSchema = v.object({
  orderNo: v.pipe(v.optional(v.string(), ''), v.trim(), v.regex(ORDER_NUMBER_PATTERN, ORDER_NUMBER_INVALID)),
  email: Email,
});

export interface TrackOrderForm {
  /** What was typed, cut to the fields' lengths, to show back in the form. */
  typed: TrackOrderFields;
  /** The order number and e-mail to look up, or the first field's error. */
  result: { ok: true; orderNo: string; email: string } | { ok: false; error: string };
}

/** The Track my order form's fields as posted (a POST, so neither field lands in a URL or a log); null without a form. */
export function trackOrderFields(form: FormData | null): TrackOrderFields | null {
  return form ? { orderNo: String(form.get('orderNo') ?? '').slice(0, 32), email: String(form.get('email') ?? '').slice(0, 254) } : null;
}

/** Checks the Track my order fields as typed (null: no form was posted). */
export function readTrackOrderForm(fields: TrackOrderFields | null): TrackOrderForm {
  const typed = { orderNo: (fields?.orderNo ?? '').slice(0, 32), email: (fields?.email ?? '').slice(0, 254) };
  const parsed = v.safeParse(TrackOrderSchema, typed);
  return { typed, result: parsed.success ? { ok: true, ...parsed.output } : { ok: false, error: parsed.issues[0].message } };
}
