import { config, ConfigError, type Config } from '../config.ts';
import { embeddedAddresses } from './embedded-addresses.ts';
import { smartyAddresses } from './smarty-addresses.ts';
import type { AddressService } from './address-provider.ts';

export type { AddressService } from './address-provider.ts';

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
