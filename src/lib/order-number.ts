import * as v from 'valibot';
import { Email } from './schemas/email.ts';

/**
 * Order numbers (header spec §5): 1 to 4 digits, a dash, 5 digits, a dash, 3 or 4 digits ("1234-00042-017").
 * Used by the guest's Track my order form; the message is ours (the spec gives the pattern, not the text).
 */
export const ORDER_NUMBER_PATTERN = /^\d{1,4}-\d{5}-\d{3,4}$/;
export const ORDER_NUMBER_INVALID = 'Please enter your order number as it appears in your confirmation, like 1234-56789-123.';

export const isOrderNumber = (text: string): boolean => ORDER_NUMBER_PATTERN.test(text.trim());

export const TrackOrderSchema = v.object({
  orderNo: v.pipe(v.optional(v.string(), ''), v.trim(), v.regex(ORDER_NUMBER_PATTERN, ORDER_NUMBER_INVALID)),
  email: Email,
});
