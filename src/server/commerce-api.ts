import * as address from './checkout/address-facade.ts';
import * as bag from './bag/basket-facade.ts';
import * as catalog from './catalog/catalog-facade.ts';
import * as checkout from './checkout/checkout-facade.ts';
import * as customer from './accounts/customer-facade.ts';
import * as customerLists from './accounts/customer-lists-facade.ts';
import * as orders from './orders/orders-facade.ts';
import * as outbox from './mail/outbox-facade.ts';

/**
 * The commerce API: the one boundary between the store's pages and endpoints and the commerce engine. One member
 * per facade (each `*-facade.ts` module under src/server), typed from the facade's exports, answering in the engine's
 * own types (src/lib/commerce/bag.ts, src/lib/commerce-types.ts); the endpoints convert those to the spec's wire
 * shapes with src/lib/api/wire.ts. Everything behind the facades (the bag and catalog core in src/server/commerce,
 * the checkout and its placement, sessions, search, accounts, orders) is the engine's inside.
 *
 * A second implementation (a client that reaches an engine over HTTP, as the edge functions will) satisfies this
 * interface. Endpoints and pages import the facade modules directly today, which is the same functions under the
 * same names: the dependency rules (.dependency-cruiser.cjs) keep them to the facades and src/server/http.
 */
export interface CommerceApi {
  catalog: typeof catalog;
  bag: typeof bag;
  checkout: typeof checkout;
  address: typeof address;
  orders: typeof orders;
  customer: typeof customer;
  customerLists: typeof customerLists;
  outbox: typeof outbox;
}

/** The engine in this process: the facades as they are. */
export const embeddedCommerceApi: CommerceApi = { catalog, bag, checkout, address, orders, customer, customerLists, outbox };
