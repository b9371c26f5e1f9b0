import { API } from '#src/lib/api/contract.ts';
import { packageProtection } from '#src/server/checkout/checkout-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { bagToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

/** Product spec §7: package protection add, remove or autoapply for the visitor's bag; the reply carries the bag. */
export const POST = apiEndpoint(API.packageProtection, async ({ locals }, { action }) =>
  success({ basket: bagToWire(await packageProtection(locals, action)) }),
);
