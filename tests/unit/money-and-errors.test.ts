import { describe, expect, it } from 'vitest';
import { formatCents, formatRange } from '#src/lib/money.ts';
import { resolveErrorText, UNKNOWN_ERROR } from '#src/lib/errors.ts';

describe('money', () => {
  it('shows USD with the symbol and two decimals', () => {
    expect(formatCents(2499)).toBe('$24.99');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(120000)).toBe('$1,200.00');
  });
  it('shows a range with an en dash, or one price when both ends are equal', () => {
    expect(formatRange({ min: 1999, max: 2499 })).toBe('$19.99 – $24.99');
    expect(formatRange({ min: 1999, max: 1999 })).toBe('$19.99');
  });
});

describe('error text resolution, in the spec order', () => {
  it('uses the error itself when it is a string', () => expect(resolveErrorText('Out of stock')).toBe('Out of stock'));
  it('then the error message', () => expect(resolveErrorText({ error: { message: 'inner' }, message: 'outer' })).toBe('inner'));
  it('then the response data message', () =>
    expect(resolveErrorText({ response: { data: { message: 'from data' } }, message: 'plain' })).toBe('from data'));
  it('then the message', () => expect(resolveErrorText(new Error('boom'))).toBe('boom'));
  it('then the serialised object', () => expect(resolveErrorText({ code: 7 })).toBe('{"code":7}'));
  it('otherwise Unknown error occurred', () => {
    expect(resolveErrorText(undefined)).toBe(UNKNOWN_ERROR);
    expect(resolveErrorText({})).toBe(UNKNOWN_ERROR);
  });
});
