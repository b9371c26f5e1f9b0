import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import type { AddressDraft } from '#src/lib/checkout/address-rules.ts';
import type { StreetAddress } from '#src/lib/checkout/address-suggestions.ts';

/**
 * The check the checkout makes before it submits a shipping address: 'unverifiable' (the service is off, cannot
 * verify streets, found nothing usable or failed: submit goes straight through), 'confirmed', or a suggestion that
 * differs (the Confirm Address modal), as the whole draft with the suggested street, city, state and ZIP.
 */
export async function checkAddressBeforeSubmit(address: AddressDraft): Promise<'unverifiable' | 'confirmed' | { suggested: AddressDraft }> {
  const { address1, address2, city, stateCode, postalCode } = address;
  const street: StreetAddress = { address1, address2, city, stateCode, postalCode };
  const r = await callApi(API.lookUpAddress, { address: street, checkAddress: true });
  const verification = r.ok ? r.body.verification : undefined;
  if (verification?.status === 'confirmed') return 'confirmed';
  if (verification?.status === 'corrected') return { suggested: { ...address, ...verification.suggested } };
  return 'unverifiable';
}
