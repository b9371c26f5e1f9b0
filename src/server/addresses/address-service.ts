import type { AddressSuggestion, NearPlace, StreetAddress, Verification } from '#src/lib/checkout/address-suggestions.ts';
import { config, ConfigError, type Config } from '../config.ts';
import { embeddedAddresses } from './embedded-addresses.ts';
import { smartyAddresses } from './smarty-addresses.ts';

/**
 * The address service the checkout asks for suggestions and checks (product spec §4 "Address entry and
 * suggestions"). Chosen by ADDRESS_SERVICE: the embedded US ZIP data set (default), Smarty, or off. Every
 * implementation answers "no suggestions" or "cannot verify" rather than throwing: the checkout never stops on it.
 */
export interface AddressService {
  readonly kind: Config['ADDRESS_SERVICE'];
  /**
   * Suggestions for what is typed; `selected` (Smarty's form of an entry with sub-addresses) expands that entry;
   * `near` is the place the form already names (preferred by Smarty; the embedded service completes a street
   * typed alone with it).
   */
  suggest(search: string, selected?: string, near?: NearPlace): Promise<AddressSuggestion[]>;
  /** Checks an entered address before submit: confirmed, a corrected suggestion, or cannot verify. */
  verify(address: StreetAddress): Promise<Verification>;
}

export const offAddresses: AddressService = {
  kind: 'off',
  suggest: async () => [],
  verify: async () => ({ status: 'unverifiable', reason: 'disabled' }),
};

/** The service configuration asks for. */
export function createAddressService(c: Config): AddressService {
  if (c.ADDRESS_SERVICE === 'off') return offAddresses;
  if (c.ADDRESS_SERVICE === 'embedded') return embeddedAddresses();
  if (!c.SMARTY_AUTH_ID || !c.SMARTY_AUTH_TOKEN) {
    throw new ConfigError('ADDRESS_SERVICE=smarty needs SMARTY_AUTH_ID and SMARTY_AUTH_TOKEN (see .env.example).');
  }
  return smartyAddresses({
    autocompleteUrl: c.SMARTY_AUTOCOMPLETE_URL,
    streetUrl: c.SMARTY_STREET_URL,
    authId: c.SMARTY_AUTH_ID,
    authToken: c.SMARTY_AUTH_TOKEN,
    timeoutMs: c.SMARTY_TIMEOUT_MS,
  });
}

let service: AddressService | undefined;

export function addressService(): AddressService {
  service ??= createAddressService(config());
  return service;
}
