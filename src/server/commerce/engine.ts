import { getDb, type Db } from '../db/database.ts';
import { addItem, basketView, removeItem, setShippingMethod, updateItemQuantity } from './basket.ts';
import { readProduct } from './catalog.ts';
import { listShippingMethods } from './shipping.ts';
import { reserveStock, type StockRequest } from './stock.ts';
import type { AddToBagInput } from '../../lib/schemas/basket.ts';
import type { BasketView, ProductView, ShippingMethodView } from '../../lib/commerce-types.ts';

/**
 * The commerce boundary. Endpoints and pages talk to this interface and its app types only; tables stay behind
 * it, so a different backend would be a new implementation of this interface, not a rewrite of the endpoints.
 */
export interface CommerceEngine {
  readProduct(idOrSlug: string): Promise<ProductView | null>;
  readBasket(basketId: string | null): Promise<BasketView>;
  addItem(basketId: string | null, input: AddToBagInput): Promise<{ basketId: string; itemId: string }>;
  updateItemQuantity(basketId: string, itemId: string, quantity: number): Promise<void>;
  removeItem(basketId: string, itemId: string): Promise<void>;
  listShippingMethods(basketId: string | null): Promise<{ methods: ShippingMethodView[]; selected: string }>;
  setShippingMethod(basketId: string, methodId: string): Promise<void>;
  reserveStock(lines: StockRequest[]): Promise<void>;
}

export function embeddedEngine(db: Db): CommerceEngine {
  return {
    readProduct: (id) => readProduct(db, id),
    readBasket: (basketId) => basketView(db, basketId),
    addItem: (basketId, input) => addItem(db, basketId, input),
    updateItemQuantity: (basketId, itemId, quantity) => updateItemQuantity(db, basketId, itemId, quantity),
    removeItem: (basketId, itemId) => removeItem(db, basketId, itemId),
    listShippingMethods: (basketId) => listShippingMethods(db, basketId),
    setShippingMethod: (basketId, methodId) => setShippingMethod(db, basketId, methodId),
    reserveStock: (lines) => reserveStock(db, lines),
  };
}

let shared: Promise<CommerceEngine> | undefined;
export function engine(): Promise<CommerceEngine> {
  shared ??= getDb().then(embeddedEngine);
  return shared;
}
