import { describe, expect, it } from 'vitest';
import { describeLine, detailTexts } from '#src/lib/line-details.ts';

const line = {
  colorName: 'Navy',
  sizeLabel: '6',
  optionItems: [{ optionId: 'hemming' as const, optionValueId: '1', price: 800, itemText: 'Hemming: 28" inseam' }],
  giftCard: null,
  bonusProductLineItem: false,
  basePrice: 3999,
  quantity: 2,
  lineDetails: { original_price_value: 4999, specialProductMessagingFlags: { finalSale: false } },
};

describe('what a line says under its name', () => {
  it('says hemming as the bag does, with its price, and keeps the price before the saving', () => {
    const d = describeLine(line);
    expect(detailTexts(d)).toEqual(['Navy · 6', 'Hemming: 28" inseam (+$8.00)']);
    expect(d.originalTotal).toBe(9998);
  });

  it("says a gift card's To and From, and has no saving at its full price", () => {
    const card = {
      ...line,
      colorName: 'Classic',
      sizeLabel: '$25',
      optionItems: [],
      giftCard: { recipient: 'Alex', sender: 'Pat' },
      basePrice: 2500,
      quantity: 1,
      lineDetails: { original_price_value: 2500 },
    };
    expect(detailTexts(describeLine(card))).toEqual(['Classic · $25', 'To Alex, from Pat']);
    expect(describeLine(card).originalTotal).toBeNull();
  });

  it("says an e-gift card's recipient address and the gift message, as the bag, the checkout, the order and its e-mail show them", () => {
    const eGift = {
      ...line,
      colorName: '',
      sizeLabel: '$50',
      optionItems: [],
      giftCard: { recipient: 'Ann', sender: 'Bo', recipientEmail: 'ann@example.com' },
      giftMessage: 'Happy birthday!',
      basePrice: 5000,
      quantity: 1,
      lineDetails: { original_price_value: 5000 },
    };
    expect(detailTexts(describeLine(eGift))).toEqual(['$50', 'To Ann (ann@example.com), from Bo', 'Message: “Happy birthday!”']);
  });

  it('marks a free gift and a final-sale colour', () => {
    const gift = {
      ...line,
      optionItems: [],
      bonusProductLineItem: true,
      lineDetails: { original_price_value: 4999, specialProductMessagingFlags: { finalSale: true } },
    };
    expect(detailTexts(describeLine(gift))).toEqual(['Navy · 6', 'Free gift', 'Final Sale: no returns or exchanges']);
  });
});
