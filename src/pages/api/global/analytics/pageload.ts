import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/**
 * The page-load analytics call (product spec §7): the store has no analytics vendor of its own, so it checks the
 * payload and answers the normalised data the page merges into its data layer; nothing is stored per request.
 */
export const POST = apiEndpoint(API.pageLoad, async ({ locals }, input) => {
  const { usid } = await locals.commerce.customer.visitor();
  return success({ ...input, skipped_steps: input.skipped_steps.join(','), usid });
});
