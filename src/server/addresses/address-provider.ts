import type { AddressSuggestion, NearPlace, StreetAddress, Verification } from '#src/lib/checkout/address-suggestions.ts';
import type { Config } from '../config.ts';

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
