import { API } from '#src/lib/api/contract.ts';
import { placeOrderEndpoint } from '../../_place-order-endpoint.ts';

export const prerender = false;

/** Places the order when its total is above zero (checkout spec §4 "Order placement"). */
export const POST = placeOrderEndpoint(API.placePaidOrder, true);
