import * as v from 'valibot';
import { AddressSchema } from '#src/lib/checkout/address-rules.ts';
import { CardTokenSchema } from '#src/lib/checkout/checkout-schemas.ts';
import { saveCustomerData } from '#src/server/checkout/checkout-facade.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

const MAX_ITEMS = 5;
const CustomerDataSchema = v.object({
  shippingAddressToAdd: v.optional(v.pipe(v.array(AddressSchema), v.maxLength(MAX_ITEMS))),
  billingAddressToAdd: v.optional(v.pipe(v.array(AddressSchema), v.maxLength(MAX_ITEMS))),
  paymentInstrumentsToAdd: v.optional(v.pipe(v.array(CardTokenSchema), v.maxLength(MAX_ITEMS))),
});

/** Saves addresses and tokenized cards to the signed-in shopper's profile (checkout spec §7 customerdata/). */
export const POST = endpoint(async ({ request, locals }) => {
  const input = await readBody(request, CustomerDataSchema);
  return success({ checkout: await saveCustomerData(locals, input) });
});
