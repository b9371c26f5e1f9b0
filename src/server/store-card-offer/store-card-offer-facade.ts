import { getDb, type Db } from '../db/database.ts';
import { Refusal } from '../refusal.ts';
import { readCheckout as readCheckoutRecord } from '../checkout/checkout-store.ts';
import { readCheckout } from '../checkout/checkout-facade.ts';
import { setPayment } from '../checkout/checkout-service.ts';
import { paymentMethodsOfBag } from '../checkout/payment-methods-config.ts';
import { readBasket } from '../commerce/basket-read.ts';
import { storeCardPayment } from '../store-card/store-card-payment.ts';
import type { StoreCardAccount } from '../store-card/accounts.ts';
import type { CallSession } from '../session/call-session.ts';
import { FLASH_MESSAGES } from '#src/lib/checkout/flash.ts';
import type { Implementation, StoreCardOfferApi } from '#src/lib/commerce-api/commerce-api.ts';
import { guestPreScreenData, resultView, type GuestPreScreenData, type PlccData } from '#src/lib/store-card-offer/offer-rules.ts';
import { storeCardUnavailable } from '#src/lib/store-card/store-card-rules.ts';
import { creditBureau } from './credit-bureaus.ts';
import { applyOnce, type OfferOwner, prescreenOnce, recordEvent } from './offers.ts';

/**
 * The store card's pre-screened offer at the payment step (docs/decisions.md "Store card offers"): the applicant is
 * the bag's shipping address as the server holds it (never what a request names), pre-screened once per session and
 * bag; an approved application opens the account and, when the bag's brands take the store card and its credit
 * covers what is left to pay, makes it the bag's payment, so the checkout moves on to review.
 */
export const SHIPPING_FIRST = 'Please enter your shipping address first.';

async function ownerOf(call: Pick<CallSession, 'session'>): Promise<OfferOwner> {
  const { id, basketId, customerId, saved } = await call.session();
  if (!basketId || !saved) throw new Refusal(FLASH_MESSAGES.ProductItemsRequired, 409);
  return { sessionId: id, basketId, customerId };
}

async function applicantOf(db: Db, basketId: string): Promise<GuestPreScreenData> {
  const shipping = (await readCheckoutRecord(db.kysely, basketId)).shippingAddress;
  if (!shipping) throw new Refusal(SHIPPING_FIRST, 409);
  return guestPreScreenData(shipping);
}

/** Makes the account just opened the bag's payment, when it can pay: true when it does. */
async function payWith(db: Db, owner: OfferOwner, account: StoreCardAccount): Promise<boolean> {
  const storeCardOffered = (await paymentMethodsOfBag(db, owner.basketId)).includes('plcc');
  const amountDue = (await readBasket(db.kysely, owner.basketId)).amountDue;
  if (storeCardUnavailable(account, { storeCardOffered, amountDue })) return false;
  await setPayment(db, owner.basketId, {
    card: storeCardPayment(account),
    savedCardId: null,
    billingSame: true,
    billingAddress: null,
    customerId: owner.customerId,
  });
  return true;
}

export const storeCardOfferOperations: Implementation<CallSession, StoreCardOfferApi> = {
  async prescreen(call) {
    const owner = await ownerOf(call);
    const db = await getDb();
    // A bag whose brands do not take the store card is not offered one: the bureau is not asked.
    if (!(await paymentMethodsOfBag(db, owner.basketId)).includes('plcc')) return { offer: null, guestPreScreenData: null };
    const applicant = await applicantOf(db, owner.basketId);
    const offer = await prescreenOnce(db, owner, applicant, creditBureau());
    return { offer, guestPreScreenData: offer && !owner.customerId ? applicant : null };
  },
  async respond(call, { event }) {
    return recordEvent(await getDb(), await ownerOf(call), event);
  },
  async apply(call, data: PlccData) {
    const owner = await ownerOf(call);
    const db = await getDb();
    const applicant = await applicantOf(db, owner.basketId);
    const { offerId, phone, birthDate, ssnLast4 } = data;
    const applied = await applyOnce(db, owner, offerId, { applicant, phone, birthDate, ssnLast4 }, creditBureau());
    const paysThisOrder = applied.account ? await payWith(db, owner, applied.account) : false;
    return {
      result: applied.result,
      view: resultView(applied.result),
      card: applied.account && { last4: applied.account.last4, availableCents: applied.account.availableCents },
      paysThisOrder,
      checkout: await readCheckout(call),
    };
  },
};
