import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';
import { appliedMessage, type TenderRuleContext, type TenderRuleLine, tenderReach, tenderRefusal } from '#src/lib/tenders/tender-rules.ts';
import { splitTotal, type TenderBalance } from '#src/lib/tenders/tender-split.ts';

/** The store's brand settings as the seed has them: Kestrel Shoe Co. takes cards and gift cards, no rewards. */
const NAMES: Record<string, string> = {
  fb: 'Fernbrook',
  ww: 'Willow & Wren',
  rm: 'Ridgemere',
  jl: 'June Lane',
  bh: 'Bayhollow',
  ks: 'Kestrel Shoe Co.',
  ca: 'Cove & Alder',
};
const context: TenderRuleContext = {
  methodsOf: (brand) => (brand === 'ks' ? ['creditCard', 'giftCard'] : ['creditCard', 'plcc', 'giftCard', 'rewards']),
  brandName: (brand) => NAMES[brand] ?? brand,
};

const line = (brand: string, price: number, productType: number = PRODUCT_TYPE.regular, productName = 'Tee'): TenderRuleLine => ({
  brand,
  productType,
  productName,
  price,
});
const giftCard = (price = 2500) => line('ww', price, PRODUCT_TYPE.giftCard, 'Gift Card');
const eGiftCard = (price = 2500) => line('ww', price, PRODUCT_TYPE.eGiftCard, 'E-Gift Card');
const membership = () => line('fb', 2900, PRODUCT_TYPE.membership, 'Fernbrook Perks Annual Membership');

describe('what rewards, certificates and gift cards may pay for', () => {
  it('a bag of merchandise: all of its total, shipping and tax included', () => {
    expect(tenderReach([line('fb', 5000)], { orderTotal: 5900 })).toBe(5900);
  });

  it('a mixed bag: everything but its gift cards, its membership and the gift card fee', () => {
    const lines = [line('fb', 5000), giftCard(2500), eGiftCard(5000), membership()];
    expect(tenderReach(lines, { orderTotal: 5000 + 2500 + 5000 + 2900 + 900 + 300, giftCardSurcharges: 300 })).toBe(5900);
  });

  it('a bag of only gift cards or a membership: nothing at all', () => {
    expect(tenderReach([giftCard(), eGiftCard()], { orderTotal: 5800, giftCardSurcharges: 300 })).toBe(0);
    expect(tenderReach([membership()], { orderTotal: 2900 })).toBe(0);
    expect(tenderReach([], { orderTotal: 0 })).toBe(0);
  });

  it('tenders never pay past the reach: a gift card line is always left for the card', () => {
    const tenders: TenderBalance[] = [{ id: 'g', method: 'SVS_GIFT_CARD', position: 0, available: 100_000 }];
    expect(splitTotal(9000, tenders, 5900)).toEqual({
      shares: [{ id: 'g', method: 'SVS_GIFT_CARD', applied: 5900 }],
      applied: 5900,
      amountDue: 3100,
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (total, reach, held) => {
          const split = splitTotal(total, [{ id: 'g', method: 'FB_REWARD_DOLLAR', position: 0, available: held }], reach);
          expect(split.applied).toBe(Math.min(held, reach, total));
          expect(split.applied + split.amountDue).toBe(total);
        },
      ),
    );
  });
});

describe('the refusal a tender gets, naming what it cannot pay for', () => {
  it('a bag of only gift cards: neither gift cards nor rewards buy them, plastic or e-gift', () => {
    expect(tenderRefusal('SVS_GIFT_CARD', [giftCard()], context)).toBe("Gift cards can't be used to buy gift cards.");
    expect(tenderRefusal('FB_REWARD_CERTIFICATE', [eGiftCard()], context)).toBe("Rewards and certificates can't be used to buy gift cards.");
    expect(tenderRefusal('DIA_REWARDS', [giftCard(), membership()], context)).toBe(
      "Rewards and certificates can't be used to buy gift cards or Fernbrook Perks Annual Membership.",
    );
  });

  it('a mixed bag is taken (the tender pays its merchandise only)', () => {
    expect(tenderRefusal('SVS_GIFT_CARD', [line('fb', 5000), giftCard()], context)).toBeNull();
    expect(tenderRefusal('FB_REWARD_DOLLAR', [line('fb', 5000), eGiftCard()], context)).toBeNull();
  });

  it('a brand that takes no rewards is named, whatever else the bag holds; gift cards it takes', () => {
    const bag = [line('fb', 5000), line('ks', 8999)];
    expect(tenderRefusal('ADS_REWARD_CERTIFICATE', bag, context)).toBe("Rewards and certificates can't be used with Kestrel Shoe Co. items.");
    expect(tenderRefusal('FB_REWARD_DOLLAR', bag, context)).toBe("Rewards and certificates can't be used with Kestrel Shoe Co. items.");
    expect(tenderRefusal('SVS_GIFT_CARD', bag, context)).toBeNull();
  });

  it("a programme's rewards need one of its brands' merchandise in the bag, and name them", () => {
    expect(tenderRefusal('FB_REWARD_DOLLAR', [line('jl', 5000)], context)).toBe(
      'ELQ Rewards can be used only with Fernbrook, Willow & Wren, Ridgemere or Cove & Alder items.',
    );
    expect(tenderRefusal('DIA_REWARDS', [line('fb', 5000), giftCard()], context)).toBe(
      'Dia Shop Rewards can be used only with June Lane, Bayhollow or Kestrel Shoe Co. items.',
    );
    expect(tenderRefusal('DIA_REWARDS', [line('fb', 5000), line('bh', 4800)], context)).toBeNull();
    // A certificate belongs to no brand programme.
    expect(tenderRefusal('FB_REWARD_CERTIFICATE', [line('jl', 5000)], context)).toBeNull();
  });
});

describe('the message of a tender applied to a mixed bag', () => {
  it('says what the card still pays for, and nothing more on a bag of merchandise', () => {
    expect(appliedMessage('Code applied successfully', [line('fb', 5000)])).toBe('Code applied successfully');
    expect(appliedMessage('Code applied successfully', [line('fb', 5000), giftCard(), eGiftCard()])).toBe(
      'Code applied successfully. Your card pays for the gift cards.',
    );
    expect(appliedMessage('Rewards applied.', [line('fb', 5000), giftCard(), membership()])).toBe(
      'Rewards applied. Your card pays for the gift cards and Fernbrook Perks Annual Membership.',
    );
  });
});
