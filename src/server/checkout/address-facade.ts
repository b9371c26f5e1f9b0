import * as v from 'valibot';
import { ADDRESS_FIELD_SCHEMAS, collapseSpaces } from '#src/lib/checkout/address-rules.ts';
import {
  type AddressLookupReply,
  type AddressLookupSchema,
  SEARCH_MAX,
  STREET_ALONE_HINT,
  type StreetAddress,
  SUGGEST_MIN_CHARS,
  splitSearch,
} from '#src/lib/checkout/address-suggestions.ts';
import { addressService } from '../addresses/address-service.ts';
import { getDb } from '../db/database.ts';
import { parsedOrRefused } from '../refusal.ts';
import { type Limit, limitOr429 } from '../http/throttle.ts';

/**
 * The address facade: suggestions while the shopper types and the check before a shipping address is submitted
 * (POST /api/checkout/smarty), through whichever address service is configured (src/server/addresses).
 */

const { address1, address2, city, stateCode, postalCode } = ADDRESS_FIELD_SCHEMAS;

const Search = v.pipe(
  v.string('Address is required.'),
  v.transform(collapseSpaces),
  v.maxLength(SEARCH_MAX, `The address search must be at most ${SEARCH_MAX} characters.`),
);
const StreetAddressSchema = v.object({ address1, address2, city, stateCode, postalCode }, 'Send the address to check as an object.');

/**
 * Each client may ask this often: typing sends one request per pause, and with Smarty every request is a paid
 * look-up, so a script cannot spend the store's allowance. One counter row per client address (cheap).
 */
const LOOKUPS_PER_ADDRESS: Limit = { max: 120, windowSeconds: 60 };

/** Whether the checkout should offer suggestions at all (ADDRESS_SERVICE is not off). */
export const addressSuggestionsEnabled = () => addressService().kind !== 'off';

export async function lookUpAddress(input: v.InferOutput<typeof AddressLookupSchema>, clientAddress: string): Promise<AddressLookupReply> {
  const service = addressService();
  if (input.checkAddress) {
    const address: StreetAddress = parsedOrRefused(StreetAddressSchema, input.address);
    await limit(clientAddress);
    return { suggestions: [], verification: await service.verify(address) };
  }
  const search = parsedOrRefused(Search, input.address);
  if (search.length < SUGGEST_MIN_CHARS && !input.selected) return { suggestions: [] };
  await limit(clientAddress);
  const suggestions = await service.suggest(search, input.selected, input.near);
  // The embedded data set knows places, not streets: a street typed alone needs its city or ZIP code.
  const streetAlone = service.kind === 'embedded' && suggestions.length === 0 && !input.selected && !splitSearch(search).place;
  return streetAlone ? { suggestions, hint: STREET_ALONE_HINT } : { suggestions };
}

async function limit(clientAddress: string) {
  await limitOr429(
    await getDb(),
    `addresses:addr:${clientAddress}`,
    LOOKUPS_PER_ADDRESS,
    'Too many address look-ups. Please wait a minute and try again.',
  );
}
