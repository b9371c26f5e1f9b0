import { getDb, type Db } from '../db/database.ts';
import { addItem, pruneAndReadBasket, removeItem, setShippingMethod, setShippingState, updateItemQuantity } from './basket.ts';
import type { BagHolder } from '../session/bag-holder.ts';
import { readProduct } from './catalog.ts';
import { readBasketStamp } from './basket-stamp.ts';
import { replaceItem } from './basket-edit.ts';
import { listShippingMethods, priceForState } from './shipping.ts';
import { reserveStock, type StockRequest } from './stock.ts';
import { applyCode, readPromotion, removeCoupon, type CodeOutcome } from './coupons.ts';
import { addToWishlist, getWishlist, removeFromWishlist } from './wishlist.ts';
import { joinWaitlist } from './waitlist.ts';
import { SharedPromise } from '../shared-promise.ts';
import type { LineChoice } from '#src/lib/commerce/bag.ts';
import type { ProductView, PromotionDetails } from '#src/lib/commerce-types.ts';
import type { Bag, ShippingChoice, Wishlist } from '#src/lib/commerce/bag.ts';

/**
 * The entry of the bag and catalog core (src/server/commerce): products, the bag and its lines, shipping methods,
 * codes, the wishlist and the waitlist, in the engine's own types (src/lib/commerce/bag.ts). The facades call it.
 * It is not the store's boundary: that is the commerce API (src/server/commerce-api.ts, the facades), and the rest
 * of the engine behind it (the checkout and its placement, sessions, search, accounts) also imports this folder's
 * modules directly where it needs more than this entry offers (a bag read inside its own transaction, the stamp
 * of the catalog). What may import what is in .dependency-cruiser.cjs.
 */
export interface CommerceEngine {
  readProduct(idOrSlug: string): Promise<ProductView | null>;
  /** The bag as the shopper sees it now; free gifts it no longer qualifies for are deleted on the way (hence the name). */
  pruneAndReadBasket(basketId: string | null): Promise<Bag>;
  /** What the bag's price depends on besides promotion windows and the hour, as one string; null: no open bag. */
  basketStamp(basketId: string): Promise<string | null>;
  /**
   * With a holder (the session), the holder's own bag (created and handed to it in the same transaction when it has
   * none). `customerId`: the signed-in shopper (a membership is added for signed-in shoppers only, and not to a member's
   * bag outside the renewal window).
   */
  addItem(basketId: string | null, input: LineChoice, holder?: BagHolder, customerId?: string | null): Promise<{ basketId: string; itemId: string }>;
  updateItemQuantity(basketId: string, itemId: string, quantity: number): Promise<void>;
  replaceItem(
    basketId: string,
    itemId: string,
    input: Pick<LineChoice, 'productId' | 'quantity' | 'optionItems' | 'hemmingInseamLength'>,
  ): Promise<void>;
  removeItem(basketId: string, itemId: string): Promise<void>;
  listShippingMethods(basketId: string | null, known?: Bag): Promise<ShippingChoice>;
  setShippingMethod(basketId: string, methodId: string): Promise<void>;
  /** The state the bag ships to: tax rate and restricted-shipping flags follow it. */
  setShippingState(basketId: string, stateCode: string | null): Promise<void>;
  /** The bag and its methods priced as if it shipped to the state; the bag is left as it is. */
  priceForState(basketId: string, stateCode: string): Promise<{ bag: Bag; choice: ShippingChoice }>;
  reserveStock(lines: StockRequest[]): Promise<void>;
  /** The bag's code field: coupons are stored; gift cards and rewards are recognised and sent to checkout. */
  applyCode(basketId: string, code: string, pin: string, signedIn: boolean): Promise<CodeOutcome>;
  removeCoupon(basketId: string, couponItemId: string): Promise<void>;
  readPromotion(promotionId: string): Promise<PromotionDetails>;
  getWishlist(customerId: string): Promise<Wishlist>;
  addToWishlist(customerId: string, productId: string): Promise<Wishlist>;
  removeFromWishlist(customerId: string, itemId: string, listId: string): Promise<Wishlist>;
  joinWaitlist(sku: string, email: string): Promise<void>;
}

export function embeddedEngine(db: Db): CommerceEngine {
  return {
    readProduct: (id) => readProduct(db, id),
    pruneAndReadBasket: (basketId) => pruneAndReadBasket(db, basketId),
    basketStamp: (basketId) => readBasketStamp(db.kysely, basketId),
    addItem: (basketId, input, holder, customerId) => addItem(db, basketId, input, holder, customerId),
    updateItemQuantity: (basketId, itemId, quantity) => updateItemQuantity(db, basketId, itemId, quantity),
    replaceItem: (basketId, itemId, input) => replaceItem(db, basketId, itemId, input),
    removeItem: (basketId, itemId) => removeItem(db, basketId, itemId),
    listShippingMethods: (basketId, known) => listShippingMethods(db, basketId, known),
    setShippingMethod: (basketId, methodId) => setShippingMethod(db, basketId, methodId),
    setShippingState: (basketId, stateCode) => setShippingState(db, basketId, stateCode),
    priceForState: (basketId, stateCode) => priceForState(db, basketId, stateCode),
    reserveStock: (lines) => reserveStock(db, lines),
    applyCode: (basketId, code, pin, signedIn) => applyCode(db, basketId, code, pin, signedIn),
    removeCoupon: (basketId, couponItemId) => removeCoupon(db, basketId, couponItemId),
    readPromotion: (promotionId) => readPromotion(db, promotionId),
    getWishlist: (customerId) => getWishlist(db, customerId),
    addToWishlist: (customerId, productId) => addToWishlist(db, customerId, productId),
    removeFromWishlist: (customerId, itemId, listId) => removeFromWishlist(db, customerId, itemId, listId),
    joinWaitlist: (sku, email) => joinWaitlist(db, sku, email),
  };
}

const shared = new SharedPromise<CommerceEngine>();
/** The engine on the shared database (getDb); a failed opening is tried again at the next request. */
export function engine(): Promise<CommerceEngine> {
  return shared.once(() => getDb().then(embeddedEngine));
}
