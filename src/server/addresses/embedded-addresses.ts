import { addressFieldError, collapseSpaces } from '#src/lib/checkout/address-rules.ts';
import { type AddressSuggestion, SUGGEST_MAX_RESULTS } from '#src/lib/checkout/address-suggestions.ts';
import type { AddressService } from './address-service.ts';
import { buildZipIndex, type ZipIndex, type ZipRecord } from './zip-index.ts';

/**
 * The embedded address service: the US ZIP / city / state data set of the `zipcodes` package (docs/decisions.md).
 * It completes city, state and ZIP ('1000' or 'New Yo' suggests New York, NY 10001; '12 Main St, Portl' keeps the
 * street and completes the rest) and knows which belong together, but it knows no streets: verify says so, and
 * the checkout's submit goes straight through as the spec says for a disabled service.
 */
export function embeddedAddresses(load: () => Promise<ZipRecord[]> = loadZipcodes): AddressService {
  let index: Promise<ZipIndex> | undefined;
  return {
    kind: 'embedded',
    async suggest(search, selected) {
      // No entry here has sub-addresses, so there is nothing to expand.
      if (selected) return [];
      index ??= load().then(buildZipIndex);
      return suggestFrom(await index, search);
    },
    verify: async () => ({ status: 'unverifiable', reason: 'unsupported' }),
  };
}

async function loadZipcodes(): Promise<ZipRecord[]> {
  const { codes } = await import('zipcodes');
  return Object.values(codes).filter(isUsRecord);
}

function isUsRecord(r: unknown): r is ZipRecord {
  if (typeof r !== 'object' || r === null) return false;
  const { zip, city, state, country } = r as Record<string, unknown>;
  return typeof zip === 'string' && typeof city === 'string' && typeof state === 'string' && country === 'US';
}

/**
 * Reads the search as '[street,] [city] [state] [zip]': the street (before the first comma) is kept as typed; a
 * search with no comma that starts with a house number is a street alone, which this service cannot complete.
 */
export function suggestFrom(index: ZipIndex, search: string): AddressSuggestion[] {
  const text = collapseSpaces(search);
  const comma = text.indexOf(',');
  const street = comma >= 0 ? text.slice(0, comma).trim() : '';
  let rest = collapseSpaces((comma >= 0 ? text.slice(comma + 1) : text).replace(/,/g, ' '));
  if (comma < 0 && /^\d+\s*\p{L}/u.test(rest)) return [];
  const zip = /(?:^|\s)(\d{1,5})(?:-\d{0,4})?$/.exec(rest);
  if (zip) rest = rest.slice(0, zip.index).trim();
  const zipPrefix = zip?.[1] ?? '';
  const found = index.find(rest, zipPrefix, SUGGEST_MAX_RESULTS);
  const streetLine = street && !addressFieldError('address1', street) ? street : '';
  return found.map((r) => ({ streetLine, secondary: '', city: r.city, stateCode: r.state, zipcode: r.zip, entries: 0 }));
}
