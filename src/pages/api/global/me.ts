import { API } from '#src/lib/api/contract.ts';
import { meToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** Who the visitor is, for the header after hydration (reply schema MeReply in src/lib/api/replies/me.ts). */
export const GET = apiEndpoint(API.me, async ({ locals }) => success(meToWire(await locals.commerce.customer.me())));
