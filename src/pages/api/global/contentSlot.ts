import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** A content slot live now with its assets, from the published content-slots and content-assets documents; null when there is none. */
export const POST = apiEndpoint(API.contentSlot, async ({ locals }, input) => success(await locals.commerce.content.slot({ id: input.id })));
