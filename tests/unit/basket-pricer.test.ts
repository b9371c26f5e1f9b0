import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';
import { effectiveMethodId, methodAllowed } from '#src/lib/standard-delivery.ts';
import { availabilityMessage } from '#src/server/commerce/availability.ts';
import type { LoadedBasket, LoadedLine } from '#src/server/commerce/basket-load.ts';
import { priceBasket } from '#src/server/commerce/basket-pricer.ts';

const line = (over: Partial<LoadedLine> = {}): LoadedLine => ({
  id: 'l1',
  sku: 'fb-1001-blk-M',
  productId: 'fb-1001',
  quantity: 1,
  hemmingOptionId: null,
  inseam: null,
  hemPriceCents: null,
  giftRecipient: null,
  giftSender: null,
  giftRecipientEmail: null,
  giftMessage: null,
  bonusPromotionId: null,
  size: 'M',
  listPriceCents: 2499,
  salePriceCents: 2499,
  orderable: true,
  backOrdered: 0,
  trackStock: 1,
  onHand: 50,
  name: 'Tee',
  slug: 'tee-fb-1001',
  brand: 'fb',
  productType: PRODUCT_TYPE.regular,
  isHemmable: false,
  maxOrderQty: 10,
  colorName: 'Black',
  colorType: 'B',
  imageUrl: '/t.jpg',
  restricted: false,
  ...over,
});

const basket = (over: Partial<LoadedBasket> = {}, header: Partial<LoadedBasket['header']> = {}): LoadedBasket => ({
  header: {
    id: 'b1',
    currency: 'USD',
    shippingMethodId: 'Regular',
    shippingStateCode: null,
    lastAddedItemId: null,
    taxRateBp: null,
    chosenMethod: { name: 'Standard Delivery', priceCents: 799, description: '5-7 business days' },
    regularMethod: { name: 'Standard Delivery', priceCents: 799, description: '5-7 business days' },
    ...header,
  },
  lines: [line()],
  autoPromotions: [],
  coupons: [],
  bonusRules: [],
  ...over,
});

describe('the basket pricer (pure)', () => {
  it('takes the best automatic promotion off the unit price and says so on the line', () => {
    const { view } = priceBasket(
      basket({
        lines: [line({ quantity: 2 })],
        autoPromotions: [
          { id: 'a', percentOff: 10, calloutMsg: '10% off', brand: 'fb', productIds: [] },
          { id: 'b', percentOff: 20, calloutMsg: '20% off tees', brand: null, productIds: ['fb-1001'] },
          { id: 'c', percentOff: 50, calloutMsg: 'not this one', brand: 'ww', productIds: ['ww-2001'] },
        ],
      }),
    );
    expect(view.lines[0]).toMatchObject({
      basePrice: 1999,
      price: 3998,
      priceAdjustments: [{ promotionId: 'b', price: -1000, itemText: '20% off tees' }],
    });
    expect(view.summary).toMatchObject({ subTotal: 3998, shippingAndHandling: 799, orderTotal: 4797, youSaved: 1000 });
  });

  it('prices a hemmed bag with Regular while the stored choice is a faster method, and says standard delivery only', () => {
    const loaded = basket(
      { lines: [line({ hemmingOptionId: 'h28', inseam: '28', hemPriceCents: 800 })] },
      {
        shippingMethodId: 'SuperFast',
        chosenMethod: { name: 'SuperFast', priceCents: 2499, description: 'Next business day' },
      },
    );
    const { view } = priceBasket(loaded);
    expect(view.standardDeliveryOnly).toBe(true);
    expect(view.shipments[0]?.shippingMethod).toEqual({ id: 'Regular', name: 'Standard Delivery', description: '5-7 business days', price: 799 });
    expect(view.lines[0]?.price).toBe(2499 + 800);
    const plain = priceBasket({ ...loaded, lines: [line()] }).view;
    expect(plain.shipments[0]?.shippingMethod).toEqual({ id: 'SuperFast', name: 'SuperFast', description: 'Next business day', price: 2499 });
  });

  it('applies coupons after automatic promotions, never to a gift card, and reports each code', () => {
    const { view } = priceBasket(
      basket({
        lines: [
          line(),
          line({ id: 'l2', productId: 'gc-2', sku: 'gc-2-gc-50', productType: PRODUCT_TYPE.giftCard, listPriceCents: 5000, salePriceCents: 5000 }),
        ],
        coupons: [
          {
            code: 'SAVE15',
            promotionId: 'p15',
            calloutMsg: '15% off',
            rule: { couponItemId: 'c1', percentOff: 15, brand: 'fb', productIds: [], active: true },
          },
          {
            code: 'OLD',
            promotionId: null,
            calloutMsg: null,
            rule: { couponItemId: 'c2', percentOff: 0, brand: null, productIds: [], active: false },
          },
        ],
      }),
    );
    expect(view.summary.couponDiscount).toBe(375);
    expect(view.couponItems.map((c) => [c.code, c.statusCode, c.discount])).toEqual([
      ['SAVE15', 'applied', 375],
      ['OLD', 'invalid/expired', 0],
    ]);
    expect(view.lines[1]?.priceAdjustments).toEqual([]);
  });

  it('leaves out free lines the bag no longer qualifies for and names them', () => {
    const loaded = basket({
      lines: [line(), line({ id: 'free', productId: 'fb-9001', bonusPromotionId: 'gift', name: 'Tote' })],
      bonusRules: [
        { id: 'gift', calloutMsg: 'Free tote over $75', thresholdCents: 7500, brand: null, maxBonusItems: 1, productIds: ['fb-9001'], active: true },
      ],
    });
    const priced = priceBasket(loaded);
    expect(priced.staleBonusItemIds).toEqual(['free']);
    expect(priced.droppedBonusItems.map((i) => i.productName)).toEqual(['Tote']);
    expect(priced.view.lines.map((i) => i.itemId)).toEqual(['l1']);
  });

  it('taxes merchandise once the bag has a state; a state without a rate is taxed at 0', () => {
    expect(priceBasket(basket({}, { shippingStateCode: 'NY', taxRateBp: 800 })).view.summary).toMatchObject({
      totalTax: 200,
      isTaxCalculated: true,
    });
    expect(priceBasket(basket({}, { shippingStateCode: 'ZZ', taxRateBp: null })).view.summary).toMatchObject({
      totalTax: 0,
      isTaxCalculated: true,
    });
    expect(priceBasket(basket()).view.summary).toMatchObject({ totalTax: 0, isTaxCalculated: false });
  });

  it('taxes a bag that ships nothing from its billing state: known once the billing address is, and nothing in it is taxable', () => {
    const eGiftCard = line({
      sku: 'egc-3-egc-50',
      productId: 'egc-3',
      productType: PRODUCT_TYPE.eGiftCard,
      listPriceCents: 5000,
      salePriceCents: 5000,
    });
    const shipsNothing = basket({ lines: [eGiftCard] });
    expect(priceBasket(shipsNothing).view.summary).toMatchObject({ isDigitalItemsOnly: true, isTaxCalculated: false });
    const billed = priceBasket({ ...shipsNothing, header: { ...shipsNothing.header, billingStateCode: 'NY', billingTaxRateBp: 800 } }).view.summary;
    expect(billed).toMatchObject({ totalTax: 0, isTaxCalculated: true, orderTotal: 5000 });
    // A bag that ships is still taxed by where it goes, whatever the billing state.
    const shipped = basket({}, { shippingStateCode: 'NY', taxRateBp: 800, billingStateCode: 'IL', billingTaxRateBp: 625 });
    expect(priceBasket(shipped).view.summary).toMatchObject({ totalTax: 200, isTaxCalculated: true });
    expect(priceBasket(basket({}, { billingStateCode: 'IL', billingTaxRateBp: 625 })).view.summary.isTaxCalculated).toBe(false);
  });
});

describe('money properties of any basket', () => {
  const arbLine = fc.record({
    quantity: fc.integer({ min: 1, max: 10 }),
    listPriceCents: fc.integer({ min: 0, max: 100_000 }),
    markdown: fc.integer({ min: 0, max: 100 }),
    hemPriceCents: fc.option(fc.integer({ min: 0, max: 2000 })),
    productType: fc.constantFrom(...Object.values(PRODUCT_TYPE)),
    colorType: fc.constantFrom('B', 'C', 'F'),
    brand: fc.constantFrom('fb', 'ww'),
    bonus: fc.boolean(),
  });
  const arbBasket = fc.record({
    lines: fc.array(arbLine, { maxLength: 6 }),
    promos: fc.array(fc.record({ percentOff: fc.integer({ min: 0, max: 100 }), brand: fc.constantFrom('fb', 'ww') }), { maxLength: 3 }),
    coupons: fc.array(fc.record({ percentOff: fc.integer({ min: 0, max: 100 }), brand: fc.constantFrom('fb', 'ww'), active: fc.boolean() }), {
      maxLength: 3,
    }),
    taxRateBp: fc.option(fc.integer({ min: 0, max: 1500 })),
    shippingCents: fc.integer({ min: 0, max: 3000 }),
  });
  type Generated = typeof arbBasket extends fc.Arbitrary<infer T> ? T : never;
  const build = (b: Generated): LoadedBasket =>
    basket(
      {
        lines: b.lines.map((l, i) =>
          line({
            id: `l${i}`,
            productId: `p${i}`,
            sku: `p${i}-s`,
            quantity: l.quantity,
            listPriceCents: l.listPriceCents,
            salePriceCents: Math.round((l.listPriceCents * (100 - l.markdown)) / 100),
            hemmingOptionId: l.hemPriceCents === null ? null : 'h',
            hemPriceCents: l.hemPriceCents,
            productType: l.productType,
            colorType: l.colorType,
            brand: l.brand,
            bonusPromotionId: l.bonus ? 'g' : null,
          }),
        ),
        autoPromotions: b.promos.map((p, i) => ({ id: `a${i}`, percentOff: p.percentOff, calloutMsg: '', brand: p.brand, productIds: [] })),
        coupons: b.coupons.map((c, i) => ({
          code: `C${i}`,
          promotionId: `c${i}`,
          calloutMsg: '',
          rule: { couponItemId: `ci${i}`, percentOff: c.percentOff, brand: c.brand, productIds: [], active: c.active },
        })),
        bonusRules: [
          { id: 'g', calloutMsg: '', thresholdCents: 0, brand: null, maxBonusItems: 10, productIds: b.lines.map((_, i) => `p${i}`), active: true },
        ],
      },
      {
        taxRateBp: b.taxRateBp,
        shippingStateCode: b.taxRateBp === null ? null : 'NY',
        chosenMethod: { name: 'Regular', priceCents: b.shippingCents },
        regularMethod: { name: 'Regular', priceCents: b.shippingCents },
      },
    );

  it('every amount is a whole number of cents and no total is negative', () => {
    fc.assert(
      fc.property(arbBasket, (b) => {
        const { view } = priceBasket(build(b));
        const s = view.summary;
        for (const v of [
          s.subTotal,
          s.couponDiscount,
          s.shippingAndHandling,
          s.totalTax,
          s.orderTotal,
          s.youSaved,
          ...view.lines.flatMap((i) => [i.price, i.basePrice, ...i.priceAdjustments.map((a) => a.price)]),
        ]) {
          expect(Number.isInteger(v)).toBe(true);
        }
        for (const v of [s.subTotal, s.couponDiscount, s.shippingAndHandling, s.totalTax, s.orderTotal, s.youSaved, view.productTotal])
          expect(v).toBeGreaterThanOrEqual(0);
        expect(s.orderTotal).toBe(s.subTotal - s.couponDiscount + s.shippingAndHandling + s.totalTax);
      }),
    );
  });

  it('a discount never exceeds its line, and a free line costs nothing', () => {
    fc.assert(
      fc.property(arbBasket, (b) => {
        const { view } = priceBasket(build(b));
        for (const item of view.lines) {
          const coupon = item.priceAdjustments.filter((a) => a.couponCode !== null).reduce((sum, a) => sum - a.price, 0);
          expect(coupon).toBeLessThanOrEqual(item.basePrice * item.quantity);
          expect(item.basePrice).toBeLessThanOrEqual(item.lineDetails.original_price_value);
          if (item.bonusProductLineItem) expect(item.price).toBe(0);
        }
        expect(view.summary.couponDiscount).toBeLessThanOrEqual(view.summary.subTotal);
      }),
    );
  });
});

describe('the availability message of a bag line', () => {
  const at = (over: Partial<Parameters<typeof availabilityMessage>[0]> = {}) =>
    availabilityMessage({ orderable: true, max: 10, quantity: 1, backOrdered: false, productType: PRODUCT_TYPE.regular, ...over });
  it('reads like the spec, most serious first', () => {
    expect(at({ orderable: false, max: 0 })).toBe('This item is no longer available. Please remove it to continue.');
    expect(at({ max: 0 })).toBe('This item is out of stock. Please remove it to continue.');
    expect(at({ max: 2, quantity: 3 })).toBe('Only 2 left in stock.');
    expect(at({ backOrdered: true })).toBe('Back-ordered: ships in 2-3 weeks.');
    expect(at({ max: 3 })).toBe('Hurry, only 3 left.');
    expect(at({ max: 3, productType: PRODUCT_TYPE.giftCard })).toBeNull();
    expect(at({ max: 4 })).toBeNull();
  });
});

describe('hemmed items ship by Regular only', () => {
  it('allows every method to a bag without a hemmed line and only Regular to one with', () => {
    expect(methodAllowed('SuperFast', false)).toBe(true);
    expect(methodAllowed('SuperFast', true)).toBe(false);
    expect(methodAllowed('Regular', true)).toBe(true);
    expect(effectiveMethodId('Express', true)).toBe('Regular');
    expect(effectiveMethodId('Express', false)).toBe('Express');
  });
});
