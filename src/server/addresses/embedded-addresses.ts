import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { addressFieldError } from '#src/lib/checkout/address-rules.ts';
import { type AddressSuggestion, type NearPlace, SUGGEST_MAX_RESULTS, splitSearch } from '#src/lib/checkout/address-suggestions.ts';
import type { AddressService } from './address-provider.ts';
import { buildZipIndex, type ZipIndex, type ZipRecord } from './zip-index.ts';

/**
 * The embedded address service: the US ZIP / city / state data set of the `zipcodes` package (docs/decisions.md).
 * It completes city, state and ZIP ('1000' or 'New Yo' suggests New York, NY 10001; '12 Main St, Portl' keeps the
 * street and completes the rest; '12 Main St' alone is completed with the city or ZIP the form already has) and
 * knows which belong together, but it knows no streets: verify says so, and the checkout's submit goes straight
 * through as the spec says for a disabled service.
 */
export function embeddedAddresses(load: () => Promise<ZipRecord[]> = loadZipcodes): AddressService {
  let index: Promise<ZipIndex> | undefined;
  return {
    kind: 'embedded',
    async suggest(search, selected, near) {
      // No entry here has sub-addresses, so there is nothing to expand.
      if (selected) return [];
      index ??= load().then(buildZipIndex);
      return suggestFrom(await index, search, near);
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
 * Reads the search as '[street,] [city] [state] [zip]' (splitSearch): the street is kept as typed and the place is
 * completed; a street with no place yet is completed with the place the form already names (`near`), which the
 * data set can do for a ZIP code or a city it knows. It cannot tell which streets a place has.
 */
export function suggestFrom(index: ZipIndex, search: string, near: NearPlace = {}): AddressSuggestion[] {
  const { street, place } = splitSearch(search);
  const streetLine = street && !addressFieldError('address1', street) ? street : '';
  const found = place ? findPlaces(index, place) : streetLine ? placesNear(index, near) : [];
  return found.map((r) => ({ streetLine, secondary: '', city: r.city, stateCode: r.state, zipcode: r.zip, entries: 0 }));
}

function findPlaces(index: ZipIndex, place: string): ZipRecord[] {
  const zip = /(?:^|\s)(\d{1,5})(?:-\d{0,4})?$/.exec(place);
  const city = zip ? place.slice(0, zip.index).trim() : place;
  return index.find(city, zip?.[1] ?? '', SUGGEST_MAX_RESULTS);
}

/** The ZIP code's own place; else the city's ZIP codes (in its state when known). A state alone names no place. */
function placesNear(index: ZipIndex, near: NearPlace): ZipRecord[] {
  const byZip = near.postalCode ? index.place(near.postalCode) : null;
  if (byZip) return [byZip];
  return near.city ? index.zipsOf(near.city, near.stateCode ?? '', SUGGEST_MAX_RESULTS) : [];
}
