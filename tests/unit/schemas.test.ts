import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AddToBagSchema, UpdateBasketItemSchema } from '#src/lib/schemas/basket.ts';
import { GIFT_MESSAGE_MAX, NAME_FIELD_MAX } from '#src/lib/schemas/limits.ts';

const parse = (data: unknown) => v.safeParse(AddToBagSchema, data);

describe('add-to-bag payload', () => {
  it('defaults the quantity to 1 and drops fields the server must not trust, such as a price', () => {
    const r = parse({ productId: 'fb-1001-blk-M', price: 1, c_pricebook: 'x' });
    expect(r.success).toBe(true);
    expect(r.output).toEqual({ productId: 'fb-1001-blk-M', quantity: 1 });
  });
  it.each([0, 11, 1.5, -1, '2'])('refuses quantity %s', (quantity) => {
    expect(parse({ productId: 'a', quantity }).success).toBe(false);
  });
  it('needs a product id', () => {
    const r = parse({ quantity: 1 });
    expect(r.success).toBe(false);
    expect(r.issues?.[0]?.message).toBe('Item id is required.');
  });
  it('takes hemming as option value 1 or 0 with a two-digit inseam', () => {
    expect(parse({ productId: 'a', optionItems: [{ optionId: 'hemming', optionValueId: '1' }], c_hemmingInseamLength: '28' }).success).toBe(true);
    expect(parse({ productId: 'a', optionItems: [{ optionId: 'hemming', optionValueId: '2' }] }).success).toBe(false);
    expect(parse({ productId: 'a', c_hemmingInseamLength: '28in' }).success).toBe(false);
  });
  it('limits gift card names to 50 and the message to 330 characters', () => {
    expect(parse({ productId: 'a', c_giftCardRecipient: 'x'.repeat(NAME_FIELD_MAX) }).success).toBe(true);
    expect(parse({ productId: 'a', c_giftCardRecipient: 'x'.repeat(NAME_FIELD_MAX + 1) }).success).toBe(false);
    expect(parse({ productId: 'a', giftMessage: 'x'.repeat(GIFT_MESSAGE_MAX + 1) }).success).toBe(false);
  });
});

describe('update bag item payload', () => {
  it('needs an item id and a quantity within 1..10', () => {
    expect(v.safeParse(UpdateBasketItemSchema, { itemId: 'i', body: { quantity: 3 } }).success).toBe(true);
    expect(v.safeParse(UpdateBasketItemSchema, { itemId: 'i', body: { quantity: 0 } }).success).toBe(false);
    expect(v.safeParse(UpdateBasketItemSchema, { body: { quantity: 1 } }).success).toBe(false);
  });
});
