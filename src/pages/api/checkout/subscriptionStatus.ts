import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { subscriptionStatus } from '#src/server/perks/perks-facade.ts';

export const prerender = false;

/** The shopper's perks membership (product spec §7): the checkout asks once per session, signed in. */
export const POST = apiEndpoint(API.subscriptionStatus, async ({ locals }) => success({ subscriptionStatus: await subscriptionStatus(locals) }));
