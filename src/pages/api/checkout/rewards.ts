import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The brand rewards the visitor's bag offers them (none for a guest); POST basket/update/ with rewardBrand applies one. */
export const GET = apiEndpoint(API.rewardsOffers, async ({ locals }) => success({ rewards: await locals.commerce.bag.rewardsOffers() }));
