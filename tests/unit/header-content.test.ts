import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AccountMenuSchema,
  BrandTabsSchema,
  ContentAreasSchema,
  HeaderDataSchema,
  MegaMenuSchema,
  PromoBarSchema,
  parsePromoBar,
} from '#src/content/schemas.ts';

const read = (file: string) => JSON.parse(readFileSync(`src/content/header/${file}.json`, 'utf8'));
const files = {
  'brand-tabs': BrandTabsSchema,
  'promo-bar': PromoBarSchema,
  'mega-menu': MegaMenuSchema,
  'header-data': HeaderDataSchema,
  'account-menu': AccountMenuSchema,
  'content-areas': ContentAreasSchema,
};

describe('header content files', () => {
  it.each(Object.entries(files))('%s.json is valid', (file, schema) => {
    expect(schema.safeParse(read(file)).success).toBe(true);
  });
  it('a wrong field is reported with its path', () => {
    const menu = read('mega-menu');
    menu.entries[0].columns[0].items[0].startTime = '2025-13-01 09:00';
    const r = MegaMenuSchema.safeParse(menu);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['entries', 0, 'columns', 0, 'items', 0, 'startTime']);
    expect(r.error?.issues[0]?.message).toMatch(/New York time/);
  });
  it('a misspelt field fails instead of being ignored', () => {
    const promo = read('promo-bar');
    promo.slides[0].detailLinkText = 'Details';
    expect(PromoBarSchema.safeParse(promo).success).toBe(false);
  });
  it('an end before the start fails', () => {
    const menu = read('mega-menu');
    Object.assign(menu.entries[0].columns[0].items[0], { startTime: '2030-01-02T00:00', endTime: '2030-01-01T00:00' });
    expect(MegaMenuSchema.safeParse(menu).error?.issues[0]?.message).toBe('endTime must be after startTime');
  });
});

describe('promo bar data that cannot be parsed at run time (spec §8)', () => {
  it('is logged with the field, and the bar is hidden (null) while the rest of the header renders', () => {
    const logged: string[] = [];
    const good = read('promo-bar');
    expect(parsePromoBar(good, (m) => logged.push(m))).toEqual(PromoBarSchema.parse(good));
    expect(logged).toEqual([]);
    expect(parsePromoBar({ ...good, textClass: 'neon' }, (m) => logged.push(m))).toBeNull();
    expect(parsePromoBar(undefined, (m) => logged.push(m))).toBeNull();
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatch(/^\[header\] promo bar data could not be parsed; the bar is hidden: textClass: /);
  });
});

describe('promo bar slides and the promotions they name', () => {
  it("a slide naming a promotion of the catalog tells that promotion's own details, so the two cannot drift apart", async () => {
    const { PROMOTIONS } = await import('#src/server/catalog/catalog-data.ts');
    const slides = PromoBarSchema.parse(read('promo-bar')).slides;
    const named = slides.filter((s) => PROMOTIONS.some((p) => p.id === s.promotionId));
    expect(named.length).toBeGreaterThan(0);
    for (const s of named) expect(s.details, s.promotionId).toBe(PROMOTIONS.find((p) => p.id === s.promotionId)!.details);
  });
});
