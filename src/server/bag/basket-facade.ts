import { getDb } from '../db/database.ts';
import { BadRequest } from '../http/api.ts';
import { engine } from '../commerce/engine.ts';
import { attachBasket, sessionBagHolder } from '../session/session.ts';
import { CODE_APPLIED } from '#src/lib/promo-code.ts';
import type { AddToBagInput, UpdateBasketItemSchema } from '#src/lib/schemas/basket.ts';
import type { BasketView } from '#src/lib/commerce-types.ts';
import type * as v from 'valibot';

/**
 * The basket facade: the visitor's bag, found through their session (read, add, change and remove lines, codes,
 * the bag id, a promotion's details). Endpoints parse the request and call one of these; the session plumbing
 * (which bag is the visitor's, storing a session on the first add) and the bag rules stay on this side.
 */
type SessionAccess = Pick<App.Locals, 'session' | 'keepSession'>;
type SessionRead = Pick<App.Locals, 'session'>;

const EMPTY_BAG = 'Your bag is empty.';

async function bagOf(locals: SessionRead): Promise<string> {
  const { basketId } = await locals.session();
  if (!basketId) throw new BadRequest(EMPTY_BAG, 404);
  return basketId;
}

/** The visitor's bag with totals computed now (an empty bag when they have none yet). */
export async function readBasket(locals: SessionRead): Promise<BasketView> {
  return (await engine()).pruneAndReadBasket((await locals.session()).basketId);
}

/** The bag id shown in the checkout footer; null until the visitor has put something in a bag. */
export async function basketId(locals: SessionRead): Promise<string | null> {
  return (await readBasket(locals)).basketId;
}

/** Master ids of the products in the visitor's bag (recommendation signals); none without a bag. */
export async function basketProductIds(locals: SessionRead): Promise<string[]> {
  const { basketId: id } = await locals.session();
  if (!id) return [];
  const basket = await (await engine()).pruneAndReadBasket(id);
  return [...new Set(basket.productItems.map((i) => i.masterId))];
}

/**
 * Adds to the session's bag, creating the bag on first add. A stored session is the bag's holder inside the add's
 * transaction (sessionBagHolder), so two first adds at once end in one bag. A visitor with no stored session yet
 * gets one only once the add has made their bag, so a refused add writes no session. A free-gift claim uses the
 * bag the session already has.
 */
export async function addToBag(locals: SessionAccess, input: AddToBagInput): Promise<BasketView> {
  const commerce = await engine();
  const session = await locals.session();
  if (!session.saved) {
    const { basketId: created } = await commerce.addItem(null, input);
    await locals.keepSession(created);
    return commerce.pruneAndReadBasket(created);
  }
  const db = await getDb();
  const { basketId: id } = await commerce.addItem(session.basketId, input, sessionBagHolder(db, session.id));
  if (session.basketId !== id) await attachBasket(db, session, id); // no write when already attached
  return commerce.pruneAndReadBasket(id);
}

/** Changes a line: another variant (productId) replaces it, else its quantity changes. */
export async function updateLine(
  locals: SessionRead,
  itemId: string,
  body: v.InferOutput<typeof UpdateBasketItemSchema>['body'],
): Promise<BasketView> {
  const id = await bagOf(locals);
  const commerce = await engine();
  if (body.productId) await commerce.replaceItem(id, itemId, { ...body, productId: body.productId });
  else await commerce.updateItemQuantity(id, itemId, body.quantity);
  return commerce.pruneAndReadBasket(id);
}

export async function removeLine(locals: SessionRead, itemId: string): Promise<BasketView> {
  const id = await bagOf(locals);
  const commerce = await engine();
  await commerce.removeItem(id, itemId);
  return commerce.pruneAndReadBasket(id);
}

/**
 * The code field: a coupon is applied to the bag; other code kinds are answered (see coupons.ts). The bag read
 * afterwards is the authority: a coupon whose conditions are not met yet says so rather than "applied".
 */
export async function applyCode(
  locals: SessionRead,
  code: string,
  pin: string,
): Promise<{ basket: BasketView; message: string; couponItemId: string }> {
  const session = await locals.session();
  const id = await bagOf(locals);
  const commerce = await engine();
  const outcome = await commerce.applyCode(id, code, pin, !!session.customerId);
  const basket = await commerce.pruneAndReadBasket(id);
  const coupon = basket.couponItems.find((c) => c.couponItemId === outcome.couponItemId);
  const message = outcome.alreadyApplied || !coupon ? outcome.message : coupon.statusCode === 'applied' ? CODE_APPLIED : coupon.message;
  return { basket, message, couponItemId: outcome.couponItemId };
}

/** Removes a code from the bag (couponItemId). Payment instruments arrive with the checkout issue. */
export async function removeCode(
  locals: SessionRead,
  input: { couponItemId?: string | undefined; paymentInstrumentId?: string | undefined },
): Promise<BasketView> {
  if (!input.couponItemId) {
    throw new BadRequest(
      input.paymentInstrumentId ? 'That payment is not on your bag.' : 'couponItemId is required.',
      input.paymentInstrumentId ? 404 : 400,
    );
  }
  const id = await bagOf(locals);
  const commerce = await engine();
  await commerce.removeCoupon(id, input.couponItemId);
  return commerce.pruneAndReadBasket(id);
}

/** A promotion's callout and details for the Details modal; couponCodeID is null when no code is required. */
export async function readPromotion(promotionId: string) {
  return (await engine()).readPromotion(promotionId);
}
