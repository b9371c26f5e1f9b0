import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isOrderNumber, ORDER_NUMBER_INVALID, readTrackOrderForm, trackOrderFields, TrackOrderSchema } from '#src/lib/order-number.ts';

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

describe('the Track my order form: the page reads its two fields, the look-up checks them', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it("reads the number and the e-mail as typed, cut to the fields' lengths (32 and 254); no form, no fields", () => {
    expect(trackOrderFields(form({ orderNo: ' 1234-56789-123 ', email: 'Ann@Example.com', other: 'x' }))).toEqual({
      orderNo: ' 1234-56789-123 ',
      email: 'Ann@Example.com',
    });
    expect(trackOrderFields(form({ orderNo: '9'.repeat(40), email: `${'a'.repeat(260)}@b.co` }))).toEqual({
      orderNo: '9'.repeat(32),
      email: 'a'.repeat(254),
    });
    expect(trackOrderFields(form({}))).toEqual({ orderNo: '', email: '' });
    expect(trackOrderFields(null)).toBeNull();
  });

  it('looks up a well-formed number and e-mail, shows back what was typed, and names the first bad field', () => {
    expect(readTrackOrderForm({ orderNo: ' 1234-56789-123 ', email: 'Ann@Example.com' })).toEqual({
      typed: { orderNo: ' 1234-56789-123 ', email: 'Ann@Example.com' },
      result: { ok: true, orderNo: '1234-56789-123', email: 'ann@example.com' },
    });
    expect(readTrackOrderForm({ orderNo: '12-3', email: 'a@b.co' }).result).toEqual({ ok: false, error: ORDER_NUMBER_INVALID });
    expect(readTrackOrderForm({ orderNo: '9'.repeat(40), email: 'a@b.co' }).typed.orderNo).toBe('9'.repeat(32));
    expect(readTrackOrderForm(null)).toEqual({ typed: { orderNo: '', email: '' }, result: { ok: false, error: ORDER_NUMBER_INVALID } });
  });
});
