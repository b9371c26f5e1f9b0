import { me } from '#src/server/accounts/customer-facade.ts';
import { endpoint, success } from '#src/server/http/api.ts';

export const prerender = false;

/** Who the visitor is, for the header after hydration (contract in src/lib/stores/customer.ts). */
export const GET = endpoint(async (context) => success(await me(context)));
