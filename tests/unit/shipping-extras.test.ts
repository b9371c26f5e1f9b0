import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';
import { PO_BOX_MODAL, poBoxExcludedLines, poBoxRefusal } from '#src/lib/checkout/shipping-extras.ts';
import type { LoadedBasket, LoadedLine } from '#src/server/commerce/basket-load.ts';
import { priceBasket } from '#src/server/commerce/basket-pricer.ts';
import { ecoshipDate, isPeakSeason, peakHandlingFee, productSurcharges } from '#src/server/commerce/shipping-extras.ts';
import { embeddedProtection, noProtection, packageProtection, PROTECTION_CHOICE } from '#src/server/protection/package-protection.ts';

describe('peak season', () => {
  it('runs from November 15 to December 31 on the New York calendar', () => {
    expect(isPeakSeason(new Date('2026-11-15T04:59:00Z'))).toBe(false); // 23:59 on Nov 14 in New York
    expect(isPeakSeason(new Date('2026-11-15T05:00:00Z'))).toBe(true);
    expect(isPeakSeason(new Date('2026-12-31T23:00:00Z'))).toBe(true);
    expect(isPeakSeason(new Date('2027-01-01T04:59:00Z'))).toBe(true); // still Dec 31 in New York
    expect(isPeakSeason(new Date('2027-01-01T05:00:00Z'))).toBe(false);
    expect(isPeakSeason(new Date('2026-07-04T12:00:00Z'))).toBe(false);
  });

  it('charges the fee once per order, only to a bag that ships, only in season', () => {
    const peak = new Date('2026-11-23T15:00:00Z');
    expect(peakHandlingFee(peak, 299, true)).toBe(299);
    expect(peakHandlingFee(peak, 299, false)).toBe(0);
    expect(peakHandlingFee(new Date('2026-06-01T15:00:00Z'), 299, true)).toBe(0);
  });
});

describe('the EcoShip date', () => {
  it('is 7 business days after today in New York, skipping weekends', () => {
    expect(ecoshipDate(new Date('2026-11-23T15:00:00Z'))).toEqual({ date: '2026-12-02', display: 'Wednesday, December 2' });
    // Friday evening in New York (already Saturday in UTC): counted from Friday.
    expect(ecoshipDate(new Date('2026-11-28T02:00:00Z')).date).toBe('2026-12-08');
    expect(ecoshipDate(new Date('2026-11-28T15:00:00Z')).date).toBe('2026-12-08'); // Saturday: same as Friday
  });
});

describe('product surcharges', () => {
  it('are $1.99 per plastic gift card and each heavy unit its own surcharge; e-gift cards and memberships add nothing', () => {
    expect(
      productSurcharges([
        { productType: PRODUCT_TYPE.giftCard, quantity: 2, heavySurchargeCents: 0 },
        { productType: PRODUCT_TYPE.eGiftCard, quantity: 1, heavySurchargeCents: 0 },
        { productType: PRODUCT_TYPE.regular, quantity: 3, heavySurchargeCents: 499 },
        { productType: PRODUCT_TYPE.membership, quantity: 1, heavySurchargeCents: 0 },
      ]),
    ).toEqual({ giftCardSurcharges: 398, heavyWeightItemSurcharges: 1497 });
  });
});

describe('package protection (embedded rule)', () => {
  it('is 2% of what ships, rounded to the cent, between $0.98 and $9.98; nothing when nothing ships', () => {
    const quote = (cents: number, digitalOnly = false) => embeddedProtection.quote({ shippedMerchandiseCents: cents, digitalOnly });
    expect(quote(1999)).toBe(98);
    expect(quote(10_000)).toBe(200);
    expect(quote(12_345)).toBe(247);
    expect(quote(100_000)).toBe(998);
    expect(quote(0)).toBe(0);
    expect(quote(5000, true)).toBe(0);
    expect(packageProtection({ PACKAGE_PROTECTION: 'off' })).toBe(noProtection);
    expect(noProtection.quote({ shippedMerchandiseCents: 10_000, digitalOnly: false })).toBe(0);
  });
});

describe('P.O. boxes', () => {
  const lines = [
    { productName: 'Tee', poBoxExcluded: false },
    { productName: 'Knee-High Boot', poBoxExcluded: true },
    { productName: 'Knee-High Boot', poBoxExcluded: true },
  ];
  it('refuse only the excluded items, and only for a P.O. box in either address line', () => {
    expect(poBoxExcludedLines({ address1: '12 Main St', address2: '' }, lines, (l) => l.poBoxExcluded)).toEqual([]);
    expect(poBoxExcludedLines({ address1: 'PO Box 12', address2: '' }, lines, (l) => l.poBoxExcluded)).toHaveLength(2);
    expect(poBoxExcludedLines({ address1: '12 Main St', address2: 'p.o. box 7' }, lines, (l) => l.poBoxExcluded)).toHaveLength(2);
    expect(poBoxExcludedLines(null, lines, (l) => l.poBoxExcluded)).toEqual([]);
    expect(poBoxRefusal(lines.slice(1))).toBe(`${PO_BOX_MODAL.message} (Knee-High Boot)`);
  });
});

// A generated bag, priced: orderTotal = subtotal - coupons + shipping (with surcharges) + tax + protection.
const loadedLine = (i: number, over: Partial<LoadedLine>): LoadedLine => ({
  id: `l${i}`,
  sku: `sku-${i}`,
  productId: `p${i}`,
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
  name: `Product ${i}`,
  slug: `p-${i}`,
  brand: 'fb',
  productType: PRODUCT_TYPE.regular,
  isHemmable: false,
  maxOrderQty: 10,
  colorName: 'Black',
  colorType: 'B',
  imageUrl: '/x.jpg',
  restricted: false,
  ...over,
});

const arbLine = fc.record({
  productType: fc.constantFrom(1, 1, 1, 2, 3, 4),
  quantity: fc.integer({ min: 1, max: 5 }),
  salePriceCents: fc.integer({ min: 0, max: 60_000 }),
  heavySurchargeCents: fc.constantFrom(0, 0, 499, 1250),
  colorType: fc.constantFrom('B', 'C', 'F'),
});

describe('order total (property)', () => {
  it('is subtotal − coupons + shipping & handling (surcharges included) + tax + protection, for any bag', () => {
    fc.assert(
      fc.property(
        fc.array(arbLine, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('Regular', 'Express', 'SuperFast'),
        fc.option(fc.integer({ min: 0, max: 1200 }), { nil: null }),
        fc.constantFrom(PROTECTION_CHOICE.undecided, PROTECTION_CHOICE.added, PROTECTION_CHOICE.removed),
        fc.integer({ min: 0, max: 30 }),
        fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }),
        (defs, methodId, taxRateBp, protection, couponPercent, now) => {
          const prices = { Regular: 799, Express: 1499, SuperFast: 2499 } as const;
          const loaded: LoadedBasket = {
            header: {
              id: 'b',
              currency: 'USD',
              shippingMethodId: methodId,
              shippingStateCode: taxRateBp === null ? null : 'IL',
              lastAddedItemId: null,
              chosenMethod: { name: methodId, priceCents: prices[methodId] },
              regularMethod: { name: 'Regular', priceCents: 799 },
              taxRateBp,
              protectionChoice: protection,
              ecoshipChosen: true,
            },
            lines: defs.map((d, i) =>
              loadedLine(i, { ...d, listPriceCents: d.salePriceCents, brand: 'fb', quantity: d.productType === 1 ? d.quantity : 1 }),
            ),
            autoPromotions: [],
            coupons: [
              {
                code: 'SAVE',
                promotionId: 'p',
                calloutMsg: 'off',
                rule: { couponItemId: 'c', percentOff: couponPercent, brand: 'fb', productIds: [], active: couponPercent > 0 },
              },
            ],
            bonusRules: [],
            now: now.toISOString(),
          };
          const s = priceBasket(loaded, { protection: embeddedProtection, peakHandlingFeeCents: 299 }).view.summary;
          const shippingParts = (s.shippingCharge ?? 0) + (s.giftCardSurcharges ?? 0) + (s.heavyWeightItemSurcharges ?? 0) + (s.peakHandlingFee ?? 0);
          expect(s.shippingAndHandling).toBe(shippingParts);
          expect(s.orderTotal).toBe(s.subTotal - s.couponDiscount + s.shippingAndHandling + s.totalTax + (s.routePackageProtectionFee ?? 0));
          for (const v of [s.orderTotal, s.shippingAndHandling, s.routePackageProtectionFee ?? 0]) expect(Number.isInteger(v) && v >= 0).toBe(true);
          if (s.isDigitalItemsOnly) expect([s.shippingAndHandling, s.routePackageProtectionFee]).toEqual([0, 0]);
          if (protection !== PROTECTION_CHOICE.added) expect(s.routePackageProtectionFee).toBe(0);
        },
      ),
    );
  });
});
