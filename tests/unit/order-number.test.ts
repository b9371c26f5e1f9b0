import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isOrderNumber, ORDER_NUMBER_INVALID, TrackOrderSchema } from '#src/lib/order-number.ts';

describe('order number pattern (header spec §5): digits 1-4, dash, 5 digits, dash, 3-4 digits', () => {
  it.each(['1-00042-017', '1234-56789-123', '12-34567-8901', ' 1234-56789-123 '])('%s is an order number', (t) =>
    expect(isOrderNumber(t)).toBe(true),
  );
  it.each(['12345-56789-123', '1234-5678-123', '1234-56789-12', '1234-56789-12345', '1234_56789_123', 'abcd-56789-123', '123456789123', ''])(
    '%s is not',
    (t) => expect(isOrderNumber(t)).toBe(false),
  );
  it('the track form needs a well-formed number and e-mail, and lower-cases the e-mail', () => {
    expect(v.safeParse(TrackOrderSchema, { orderNo: '12-3', email: 'a@b.co' }).issues?.[0].message).toBe(ORDER_NUMBER_INVALID);
    expect(v.safeParse(TrackOrderSchema, { orderNo: '1234-56789-123', email: 'nope' }).issues?.[0].message).toBe('Valid email is required');
    expect(v.parse(TrackOrderSchema, { orderNo: ' 1234-56789-123 ', email: 'Ann@Example.COM' })).toEqual({
      orderNo: '1234-56789-123',
      email: 'ann@example.com',
    });
  });
});
