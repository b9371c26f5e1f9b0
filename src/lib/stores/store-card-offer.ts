import { atom } from 'nanostores';
import type * as v from 'valibot';
import { callApi } from '../api-client.ts';
import { API } from '../api/contract.ts';
import {
  OFFER_TIMEOUT_MS,
  type GuestPreScreenData,
  type PlccDataSchema,
  type ResultView,
  type StoreCardOffer,
} from '../store-card-offer/offer-rules.ts';
import { replaceCheckout } from './checkout.ts';

/**
 * The store card offer at the payment step (product spec §4): asked for once per bag on this page, shown only if
 * the answer comes within the offer timeout (so it never opens over a shopper who has moved on), and the shopper's
 * answers sent as they give them. The server decides everything; this mirrors it.
 */
export const $storeCardOffer = atom<StoreCardOffer | null>(null);
export const $guestPreScreen = atom<GuestPreScreenData | null>(null);
export interface OfferResult {
  view: ResultView;
  card: { last4: string; availableCents: number } | null;
  paysThisOrder: boolean;
}
export const $offerResult = atom<OfferResult | null>(null);

let askedFor: string | null = null;

/** Asks for the bag's offer (once per bag on this page); an answer later than the offer timeout is dropped. */
export async function askForOffer(basketId: string): Promise<void> {
  if (askedFor === basketId) return;
  askedFor = basketId;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), OFFER_TIMEOUT_MS);
  });
  const r = await Promise.race([callApi(API.rtpsDetails, { preScreenData: { rtpsAddress: 'shipping', isPrescreenedInCheckout: true } }), late]);
  clearTimeout(timer);
  if (!r?.ok) return;
  $guestPreScreen.set(r.body.guestPreScreenData);
  $storeCardOffer.set(r.body.plccInfo.offer);
}

/** The shopper saw the offer (VIEWED) or said no (NO: the first makes the rebuttal eligible, the second closes it). */
export async function answerOffer(offerResponse: 'VIEWED' | 'NO'): Promise<void> {
  const r = await callApi(API.rtpsData, { offerResponse });
  if (r.ok) $storeCardOffer.set(r.body.plccInfo.offer);
}

/** Applies; an approval's checkout (the basket paid with the new card) replaces the one shown. */
export async function applyForCard(plccData: v.InferInput<typeof PlccDataSchema>): Promise<{ ok: true } | { ok: false; message: string }> {
  const r = await callApi(API.rtpsPlccDetails, { plccData });
  if (!r.ok) return { ok: false, message: r.message };
  const { view, card, paysThisOrder, result } = r.body.application;
  const offer = $storeCardOffer.get();
  if (offer) $storeCardOffer.set({ ...offer, closed: true, result });
  $offerResult.set({ view, card, paysThisOrder });
  replaceCheckout(r.body.checkout);
  return { ok: true };
}
