import { API } from '#src/lib/api/contract.ts';
import { submitBilling } from '#src/server/checkout/checkout-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

export const PUT = apiEndpoint(API.updateBillingAddress, async ({ locals }, input) => success({ checkout: await submitBilling(locals, input) }));
