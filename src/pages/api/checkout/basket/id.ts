import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The bag ID shown in the checkout footer; null until the visitor has put something in a bag. */
export const POST = apiEndpoint(API.bagId, async ({ locals }) => success({ basketId: (await locals.commerce.bag.read()).basketId }));
