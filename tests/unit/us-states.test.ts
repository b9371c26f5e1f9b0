import { describe, expect, it } from 'vitest';
import { stateList, stateName, US_STATES } from '#src/lib/us-states.ts';
import { TAX_RATES_BP } from '#src/server/catalog/catalog-data.ts';

describe('US states', () => {
  it('names every state the store taxes and ships to', () => {
    expect(Object.keys(US_STATES).sort()).toEqual(Object.keys(TAX_RATES_BP).sort());
    expect(stateName('NY')).toBe('New York');
    expect(stateName('XX')).toBe('XX');
  });
  it('lists states in prose', () => {
    expect(stateList([])).toBe('');
    expect(stateList(['CA'])).toBe('California');
    expect(stateList(['CA', 'NY'])).toBe('California and New York');
    expect(stateList(['AK', 'HI', 'PR'])).toBe('Alaska, Hawaii and Puerto Rico');
  });
});
