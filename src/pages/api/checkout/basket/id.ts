import { API } from '#src/lib/api/contract.ts';
import { basketId } from '#src/server/bag/basket-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

/** The bag ID shown in the checkout footer; null until the visitor has put something in a bag. */
export const POST = apiEndpoint(API.bagId, async ({ locals }) => success({ basketId: await basketId(locals) }));
