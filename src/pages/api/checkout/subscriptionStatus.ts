import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The shopper's perks membership (product spec §7): the checkout asks once per session, signed in. */
export const POST = apiEndpoint(API.subscriptionStatus, async ({ locals }) => success({ subscriptionStatus: await locals.commerce.perks.status() }));
