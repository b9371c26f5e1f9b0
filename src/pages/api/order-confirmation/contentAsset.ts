import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The published content assets of these ids, in the order asked; unknown ids are left out. */
export const POST = apiEndpoint(API.contentAsset, async ({ locals }, input) =>
  success({ assets: await locals.commerce.content.assets({ ids: input.assetIds }) }),
);
