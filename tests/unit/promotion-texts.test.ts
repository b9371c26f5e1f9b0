import { describe, expect, it } from 'vitest';
import { PROMOTIONS } from '#src/server/catalog/catalog-data.ts';
import { MAX_DISCOUNTS_PER_BASKET } from '#src/lib/promo-code.ts';
import promoBar from '#src/content/header/promo-bar.json' with { type: 'json' };

/**
 * A promotion's text promises only what the bag does (SAVE15 must not say 'One code per order' when
 * two codes apply). Codes combine, up to MAX_DISCOUNTS_PER_BASKET on a bag (docs/decisions.md).
 */
const texts = [
  ...PROMOTIONS.map((p) => ({ id: p.id, text: `${p.callout} ${p.details}` })),
  ...promoBar.slides.map((s) => ({ id: `promo bar ${s.promotionId}`, text: `${s.text} ${s.details ?? ''}` })),
];

describe('promotion texts and the code rules agree', () => {
  it.each(texts)('$id does not limit codes per order below the bag', ({ text }) => {
    expect(text).not.toMatch(/\b(one|single|1) (promo )?code (per|an?) order\b|cannot be combined|not combinable/i);
    for (const [, n] of text.matchAll(/up to (\d+) per order/gi)) expect(Number(n)).toBe(MAX_DISCOUNTS_PER_BASKET);
  });
  it('the promo bar tells the same details as the promotion it names', () => {
    for (const slide of promoBar.slides) {
      const promo = PROMOTIONS.find((p) => p.id === slide.promotionId);
      if (promo) expect(slide.details).toBe(promo.details);
    }
  });
});
