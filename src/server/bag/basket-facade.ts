import { getDb } from '../db/database.ts';
import { Refusal } from '../refusal.ts';
import { engine } from '../commerce/engine.ts';
import { readCatalogStamp } from '../commerce/catalog-version.ts';
import { readSessionAndBagStamp } from '../commerce/basket-stamp.ts';
import { stampReader } from '#src/lib/stamp-reader.ts';
import { pricedBags } from './priced-bags.ts';
import { attachBasket, sessionBagHolder } from '../session/session.ts';
import { FLASH_MESSAGES } from '#src/lib/checkout/flash.ts';
import { MEMBERSHIP_NEEDS_SIGN_IN } from '#src/lib/membership-rules.ts';
import { CODE_APPLIED, guessCodeType } from '#src/lib/promo-code.ts';
import { applyGiftCard, removeTender } from '../tenders/bag-tenders.ts';
import { applyCertificate, applyRewards } from '../tenders/reward-tenders.ts';
import { rewardsOffersFor } from '../tenders/rewards-offers.ts';
import type { RewardsOffer } from '#src/lib/rewards/offer.ts';
import type { Bag, LineChoice } from '#src/lib/commerce/bag.ts';
import type { BagApi, Implementation, LineChange } from '#src/lib/commerce-api/commerce-api.ts';
import type { CallSession } from '../session/call-session.ts';

/**
 * The basket facade: the visitor's bag, found through their session (read, add, change and remove lines, codes,
 * the bag id, a promotion's details). Endpoints parse the request and call one of these; the session plumbing
 * (which bag is the visitor's, storing a session on the first add) and the bag rules stay on this side.
 */
type SessionAccess = Pick<CallSession, 'session' | 'keepSession' | 'firstBagHolder'>;
type SessionRead = Pick<CallSession, 'session' | 'sessionWith'>;

const EMPTY_BAG = FLASH_MESSAGES.ProductItemsRequired;

async function bagOf(locals: SessionRead): Promise<string> {
  const { basketId } = await locals.session();
  if (!basketId) throw new Refusal(EMPTY_BAG, 404);
  return basketId;
}

/** Priced bags kept by this instance, each used only while its stamp holds (priced-bags.ts). */
const windowStamp = stampReader(async () => readCatalogStamp(await getDb()));
const kept = pricedBags({
  bagStamp: async (id) => (await engine()).basketStamp(id),
  windowStamp,
  price: async (id) => (await engine()).pruneAndReadBasket(id),
});

/**
 * The visitor's bag with totals as they stand now (an empty bag when they have none yet). The same object may be
 * handed to other requests while the bag is unchanged: read it, never change it.
 */
export async function readBasket(locals: SessionRead): Promise<Bag> {
  // The session and its bag's stamp in one statement, when the call has not read the session yet.
  const { session, with: stamp } = await locals.sessionWith((db, id) => readSessionAndBagStamp(db.kysely, id));
  const id = session.basketId;
  return id ? kept.read(id, stamp) : (await engine()).pruneAndReadBasket(null);
}

/**
 * Adds to the session's bag, creating the bag on first add. A stored session is the bag's holder inside the add's
 * transaction (sessionBagHolder), so two first adds at once end in one bag. A visitor with no stored session yet
 * gets one in the transaction that makes their bag (locals.firstBagHolder), so a refused add writes no session and
 * a bag is never left without one. A free-gift claim uses the bag the session already has.
 */
export async function addToBag(locals: SessionAccess, input: LineChoice, asCustomer?: string): Promise<Bag> {
  const commerce = await engine();
  const session = await locals.session();
  // The perks join modal names the account it signed in as: an add from another account's page (signed out since,
  // or signed in elsewhere) is not made for whoever this session is now.
  if (asCustomer !== undefined && asCustomer !== session.customerId) throw new Refusal(MEMBERSHIP_NEEDS_SIGN_IN, 401);
  if (!session.saved) {
    const { basketId: created } = await commerce.addItem(null, input, await locals.firstBagHolder());
    await locals.keepSession(created);
    return commerce.pruneAndReadBasket(created);
  }
  const db = await getDb();
  const { basketId: id } = await commerce.addItem(session.basketId, input, sessionBagHolder(db, session.id), session.customerId);
  if (session.basketId !== id) await attachBasket(db, session, id); // no write when already attached
  return commerce.pruneAndReadBasket(id);
}

/** Changes a line: another variant (productId) replaces it, else its quantity changes. */
export async function updateLine(locals: SessionRead, itemId: string, body: LineChange): Promise<Bag> {
  const id = await bagOf(locals);
  const commerce = await engine();
  if (body.productId) await commerce.replaceItem(id, itemId, { ...body, productId: body.productId });
  else await commerce.updateItemQuantity(id, itemId, body.quantity);
  return commerce.pruneAndReadBasket(id);
}

export async function removeLine(locals: SessionRead, itemId: string): Promise<Bag> {
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
  client: string,
  rewardBrand?: string,
): Promise<{ basket: Bag; message: string; couponItemId?: string; paymentInstrumentId?: string }> {
  const session = await locals.session();
  const id = await bagOf(locals);
  const commerce = await engine();
  // Gift cards, certificates and rewards dollars pay: each becomes a tender on the bag (src/server/tenders/).
  const tender = await applyTender(id, code, pin, client, session.customerId ?? null, rewardBrand);
  if (tender) return { basket: await commerce.pruneAndReadBasket(id), message: tender.message, paymentInstrumentId: tender.id };
  const outcome = await commerce.applyCode(id, code, pin, !!session.customerId);
  const basket = await commerce.pruneAndReadBasket(id);
  const coupon = basket.couponItems.find((c) => c.couponItemId === outcome.couponItemId);
  const message = outcome.alreadyApplied || !coupon ? outcome.message : coupon.statusCode === 'applied' ? CODE_APPLIED : coupon.message;
  return { basket, message, couponItemId: outcome.couponItemId };
}

/**
 * The tender a request applies (a gift card with its PIN, a certificate, a programme's rewards), or null for a coupon.
 * Each apply asks the tender rules of the bag under its lock (src/server/tenders/tender-checks.ts).
 */
async function applyTender(bagId: string, code: string, pin: string, client: string, customerId: string | null, rewardBrand?: string) {
  const db = await getDb();
  if (rewardBrand && !code) return applyRewards(db, bagId, customerId, rewardBrand);
  switch (guessCodeType(code)) {
    case 'giftCard':
      return applyGiftCard(db, bagId, code, pin, client);
    case 'rewardCertificate':
      return applyCertificate(db, bagId, customerId, code);
    default:
      return null;
  }
}

/** The brand rewards the visitor's bag offers them (none for a guest): src/server/rewards/rewards-offers.ts. */
export async function readRewardsOffers(locals: SessionRead): Promise<RewardsOffer[]> {
  const { customerId } = await locals.session();
  if (!customerId) return [];
  const bag = await readBasket(locals);
  return rewardsOffersFor((await getDb()).kysely, customerId, bag);
}

/** Removes a code (couponItemId) or a tender (paymentInstrumentId) from the bag. */
export async function removeCode(
  locals: SessionRead,
  input: { couponItemId?: string | undefined; paymentInstrumentId?: string | undefined },
): Promise<Bag> {
  if (!input.couponItemId && !input.paymentInstrumentId) throw new Refusal('couponItemId or paymentInstrumentId is required.', 400);
  const id = await bagOf(locals);
  const commerce = await engine();
  if (input.couponItemId) await commerce.removeCoupon(id, input.couponItemId);
  else if (input.paymentInstrumentId) await removeTender(await getDb(), id, input.paymentInstrumentId);
  return commerce.pruneAndReadBasket(id);
}

/** A promotion's callout and details for the Details modal; couponCodeID is null when no code is required. */
export async function readPromotion(promotionId: string) {
  return (await engine()).readPromotion(promotionId);
}

/** The bag resource of the commerce API (src/lib/commerce-api/commerce-api.ts BagApi). */
export const bagOperations: Implementation<CallSession, BagApi> = {
  read: readBasket,
  async readWithMethods(call) {
    const bag = await readBasket(call);
    return { bag, shipping: await (await engine()).listShippingMethods(bag.basketId, bag) };
  },
  add: (call, { choice, asCustomer }) => addToBag(call, choice, asCustomer),
  updateLine: (call, { itemId, change }) => updateLine(call, itemId, change),
  removeLine: (call, { itemId }) => removeLine(call, itemId),
  applyCode: (call, { code, pin, rewardBrand }) => applyCode(call, code, pin, call.client, rewardBrand),
  removeCode: removeCode,
  rewardsOffers: readRewardsOffers,
  promotion: (_call, { promotionId }) => readPromotion(promotionId),
};
