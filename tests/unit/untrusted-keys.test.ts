import { describe, expect, it } from 'vitest';
import { HEADLINES, setForCriteria } from '#src/lib/recommendations.ts';
import { sizeChartHtml } from '#src/server/content/size-charts.ts';
import { brandSettings } from '#src/server/content/brand-settings.ts';
import { stateName } from '#src/lib/us-states.ts';

/** Names every plain object answers to: as request data they are unknown keys, nothing more. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'];

describe('lookups by request data see only their own entries', () => {
  it.each(PROTOTYPE_KEYS)('recommendation criteria %s are the default set', (key) => {
    expect(setForCriteria(key)).toBe('default');
    expect(setForCriteria(key.toUpperCase())).toBe('default');
    expect(HEADLINES[setForCriteria(key)]).toBe('Popular right now');
  });
  it('known criteria still choose their set, whatever the case and spaces', () => {
    expect(setForCriteria(' CART-NextBestCategory ')).toBe('nextBestCategory');
    expect(setForCriteria('similaritems')).toBe('similarItems');
  });
  it.each(PROTOTYPE_KEYS)('size chart %s does not exist', (key) => {
    expect(sizeChartHtml(key)).toBeNull();
  });
  it('a size chart that exists is found', () => {
    expect(sizeChartHtml('size-chart-shoe')).toContain('<table>');
  });
  it.each(PROTOTYPE_KEYS)('brand %s has no settings of its own', (key) => {
    expect(brandSettings(key)).toEqual({ showPerksInfo: false, perksPromoId: null, showPerksDetailsLink: false });
  });
  it.each(PROTOTYPE_KEYS)('state code %s is not a state', (key) => {
    expect(stateName(key)).toBe(key);
  });
});
