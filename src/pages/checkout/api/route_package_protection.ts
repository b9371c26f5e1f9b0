import { API } from '#src/lib/api/contract.ts';
import { bagToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** Product spec §7: package protection add, remove or autoapply for the visitor's bag; the reply carries the bag. */
export const POST = apiEndpoint(API.packageProtection, async ({ locals }, { action }) =>
  success({ basket: bagToWire(await locals.commerce.checkout.packageProtection({ action })) }),
);
