import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { DOCUMENT_SCHEMAS, documentProblem, PromoBarSchema, parsePromoBar } from '#src/lib/content/content-documents.ts';

const read = (file: string) => JSON.parse(readFileSync(`src/content/header/${file}.json`, 'utf8'));
const files = ['brand-tabs', 'promo-bar', 'mega-menu', 'header-data', 'account-menu', 'content-areas'] as const;

describe('header content files', () => {
  it.each(files)('%s.json is valid', (file) => {
    expect(documentProblem(file, read(file))).toBeNull();
  });
  it('a wrong field is reported with its path', () => {
    const menu = read('mega-menu');
    menu.entries[0].columns[0].items[0].startTime = '2025-13-01 09:00';
    expect(documentProblem('mega-menu', menu)).toBe('entries.0.columns.0.items.0.startTime: must be a New York time written YYYY-MM-DDTHH:mm');
  });
  it('a misspelt field fails instead of being ignored', () => {
    const promo = read('promo-bar');
    promo.slides[0].detailLinkText = 'Details';
    expect(documentProblem('promo-bar', promo)).toMatch(/^slides\.0\.detailLinkText: /);
  });
  it('an end before the start fails', () => {
    const menu = read('mega-menu');
    Object.assign(menu.entries[0].columns[0].items[0], { startTime: '2030-01-02T00:00', endTime: '2030-01-01T00:00' });
    expect(documentProblem('mega-menu', menu)).toBe('entries.0.columns.0.items.0.endTime: endTime must be after startTime');
  });
});

describe('promo bar data that cannot be parsed at run time (spec §8)', () => {
  it('is logged with the field, and the bar is hidden (null) while the rest of the header renders', () => {
    const logged: string[] = [];
    const good = read('promo-bar');
    expect(parsePromoBar(good, (m) => logged.push(m))).toEqual(v.parse(PromoBarSchema, good));
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
    const slides = v.parse(DOCUMENT_SCHEMAS['promo-bar'], read('promo-bar')).slides;
    const named = slides.filter((s) => PROMOTIONS.some((p) => p.id === s.promotionId));
    expect(named.length).toBeGreaterThan(0);
    for (const s of named) expect(s.details, s.promotionId).toBe(PROMOTIONS.find((p) => p.id === s.promotionId)!.details);
  });
});
