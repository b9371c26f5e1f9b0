import { basketId } from '#src/server/bag/basket-facade.ts';
import { endpoint, success } from '#src/server/http/api.ts';

export const prerender = false;

/** The bag ID shown in the checkout footer; null until the visitor has put something in a bag. */
export const POST = endpoint(async ({ locals }) => success({ basketId: await basketId(locals) }));
