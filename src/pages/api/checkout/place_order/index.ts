import { API } from '#src/lib/api/contract.ts';
import { placeOrderEndpoint } from '../_place-order-endpoint.ts';

export const prerender = false;

/** Places the order (a new card on the bag, a saved card with its security code, or a total of zero). */
export const POST = placeOrderEndpoint(API.placeOrder, false);
