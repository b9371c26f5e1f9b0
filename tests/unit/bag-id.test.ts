import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortBagId } from '#src/lib/checkout/bag-id.ts';

describe('the bag ID a shopper reads out', () => {
  it('is twelve characters in three groups of four, without letters taken for digits (I, L, O, U)', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(shortBagId(id)).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      }),
    );
  });

  it("is the start of the bag's own id (60 bits, base 32): the same bag always reads the same", () => {
    expect(shortBagId('0b8f7a52-3f7e-4c8e-9c55-7e0a4a3b2a11')).toBe('1E7Q-MMHZ-FS68');
    expect(shortBagId('0B8F7A52-3F7E-4C8E-0000-000000000000')).toBe('1E7Q-MMHZ-FS68');
    expect(shortBagId('00000000-0000-4000-8000-000000000000')).toBe('0000-0000-0100');
  });

  it('tells apart two bags whose ids differ in their first 15 hex digits', () => {
    const hex15 = fc.stringMatching(/^[0-9a-f]{15}$/);
    fc.assert(
      fc.property(hex15, hex15, (a, b) => {
        fc.pre(a !== b);
        const id = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 15)}0-8000-000000000000`;
        expect(shortBagId(id(a))).not.toBe(shortBagId(id(b)));
      }),
    );
  });

  it('leaves an id that is not a UUID as it is', () => {
    expect(shortBagId('b-123')).toBe('b-123');
  });
});
