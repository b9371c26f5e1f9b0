import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadZipcodes } from '#src/server/addresses/embedded-addresses.ts';

/**
 * The embedded address service's data: the `zipcodes` package is parsed in a worker thread that hands back only the
 * US city, state and ZIP of each record, so the 5 MB module (and the heap it needs) never stays in the server.
 */
describe('the ZIP data set', () => {
  it('comes back as US city, state and ZIP records without the package being loaded in this thread', async () => {
    const records = await loadZipcodes();
    expect(records.length).toBeGreaterThan(40_000);
    expect(records).toContainEqual({ zip: '10001', city: 'New York', state: 'NY' });
    expect(records.every((r) => Object.keys(r).length === 3 && /^\d{5}$/.test(r.zip))).toBe(true);
    const require = createRequire(import.meta.url);
    expect(require.cache[require.resolve('zipcodes')]).toBeUndefined();
  });
});
