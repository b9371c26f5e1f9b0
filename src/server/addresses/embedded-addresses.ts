import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
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

/**
 * The `zipcodes` package is one 5 MB object literal (latitude, longitude and Canada included): parsed in this
 * process it grew the server by about 90 MB for good, and the larger heap lengthened every later garbage
 * collection, which requests then waited behind. A worker thread parses it, keeps the US city, state and ZIP of
 * each record and ends, so only those (a few MB) stay here. Plain JavaScript run with `eval`, so no bundler has to
 * find the worker; the package is resolved here and its path handed over.
 */
const ZIP_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { codes } = require(workerData.path);
const flat = [];
for (const r of Object.values(codes)) {
  if (r && r.country === 'US' && typeof r.zip === 'string' && typeof r.city === 'string' && typeof r.state === 'string') {
    flat.push(r.zip, r.city, r.state);
  }
}
parentPort.postMessage(flat);
`;

export function loadZipcodes(): Promise<ZipRecord[]> {
  const path = createRequire(import.meta.url).resolve('zipcodes');
  return new Promise((resolve, reject) => {
    const worker = new Worker(ZIP_WORKER_SOURCE, { eval: true, workerData: { path } });
    worker.once('message', (flat: string[]) => {
      const records: ZipRecord[] = [];
      for (let i = 0; i + 2 < flat.length; i += 3)
        records.push({ zip: flat[i] as string, city: flat[i + 1] as string, state: flat[i + 2] as string });
      resolve(records);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the ZIP data worker ended (${code}) without an answer`)));
  });
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
