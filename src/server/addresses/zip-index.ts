import { addressFieldError } from '#src/lib/checkout/address-rules.ts';

/** One ZIP code of the data set: its primary city and state. */
export interface ZipRecord {
  zip: string;
  city: string;
  state: string;
}

interface CityEntry {
  key: string;
  city: string;
  state: string;
  /** The city's ZIP codes, ascending. */
  zips: string[];
}

export interface ZipIndex {
  /** Up to `max` places whose city starts with `cityQuery` (a trailing state code may narrow it) and ZIP with `zipPrefix`. */
  find(cityQuery: string, zipPrefix: string, max: number): ZipRecord[];
  /** The place of one ZIP code, or null. */
  place(zip: string): ZipRecord | null;
  /** Up to `max` ZIP codes of the city named exactly in that state, ascending; without a state, its first in each state. */
  zipsOf(city: string, state: string, max: number): ZipRecord[];
}

/**
 * Two sorted arrays, built once: ZIP codes, and cities (with their ZIP codes) by lower-case name, each searched by
 * binary search for a prefix, so a look-up costs a few dozen comparisons plus the matches it returns. Records the
 * address form would refuse (a state we do not ship to, a city name with digits or '&') are left out, so every
 * suggestion can be submitted as it is.
 */
export function buildZipIndex(records: readonly ZipRecord[]): ZipIndex {
  const usable = records.filter(
    (r) => !addressFieldError('stateCode', r.state) && !addressFieldError('city', r.city) && !addressFieldError('postalCode', r.zip),
  );
  const byZip = [...usable].sort((a, b) => compare(a.zip, b.zip));
  const cityMap = new Map<string, CityEntry>();
  for (const r of byZip) {
    const id = `${r.city.toLowerCase()}|${r.state}`;
    const entry = cityMap.get(id) ?? { key: r.city.toLowerCase(), city: r.city, state: r.state, zips: [] };
    entry.zips.push(r.zip);
    cityMap.set(id, entry);
  }
  const cities = [...cityMap.values()].sort((a, b) => compare(a.key, b.key));

  const byCity = (query: string, state: string, zipPrefix: string): ZipRecord[] => {
    const q = query.toLowerCase();
    const matches: { entry: CityEntry; zip: string }[] = [];
    for (let i = lowerBound(cities, q, (c) => c.key); i < cities.length && cities[i]?.key.startsWith(q); i++) {
      const entry = cities[i] as CityEntry;
      if (state && entry.state !== state) continue;
      const zip = entry.zips.find((z) => z.startsWith(zipPrefix));
      if (zip) matches.push({ entry, zip });
    }
    // The city named exactly first, then the bigger places (more ZIP codes), then by name.
    matches.sort(
      (a, b) =>
        Number(b.entry.key === q) - Number(a.entry.key === q) || b.entry.zips.length - a.entry.zips.length || compare(a.entry.key, b.entry.key),
    );
    return matches.map(({ entry, zip }) => ({ zip, city: entry.city, state: entry.state }));
  };

  return {
    place(zip) {
      const found = byZip[lowerBound(byZip, zip, (r) => r.zip)];
      return found?.zip === zip ? found : null;
    },
    zipsOf(city, state, max) {
      const key = city.toLowerCase();
      const out: ZipRecord[] = [];
      for (let i = lowerBound(cities, key, (c) => c.key); i < cities.length && cities[i]?.key === key && out.length < max; i++) {
        const entry = cities[i] as CityEntry;
        if (state && entry.state !== state) continue;
        // In a state: its ZIP codes; in any state: each state's place once (its first ZIP code).
        const zips = state ? entry.zips.slice(0, max - out.length) : entry.zips.slice(0, 1);
        for (const zip of zips) out.push({ zip, city: entry.city, state: entry.state });
      }
      return out;
    },
    find(cityQuery, zipPrefix, max) {
      if (!cityQuery) {
        if (!zipPrefix) return [];
        const out: ZipRecord[] = [];
        for (let i = lowerBound(byZip, zipPrefix, (r) => r.zip); i < byZip.length && out.length < max && byZip[i]?.zip.startsWith(zipPrefix); i++) {
          out.push(byZip[i] as ZipRecord);
        }
        return out;
      }
      // 'Portland OR' narrows to Oregon; 'Salt La' is a city prefix too (LA is also a state), so both are asked.
      const stated = /^(.+?) ([A-Za-z]{2})$/.exec(cityQuery);
      const narrowed = stated?.[1] && stated[2] ? byCity(stated[1], stated[2].toUpperCase(), zipPrefix) : [];
      const seen = new Set<string>();
      return [...narrowed, ...byCity(cityQuery, '', zipPrefix)].filter((r) => !seen.has(r.zip) && seen.add(r.zip)).slice(0, max);
    },
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function lowerBound<T>(items: readonly T[], key: string, keyOf: (item: T) => string): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyOf(items[mid] as T) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
