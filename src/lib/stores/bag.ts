import { atom, computed } from 'nanostores';
import { type ApiResult, callApi } from '../api-client.ts';
import { API } from '../api/contract.ts';
import type { BasketView } from '../commerce-types.ts';
import type { AddToBagInput } from '../schemas/basket.ts';
import { CODE_REMOVED } from '../promo-code.ts';

/** The shopper's bag as the server last returned it. Islands never compute totals; they show these. */
export const $bag = atom<BasketView | null>(null);
export const $bagCount = computed($bag, (bag) => bag?.totalQuantity ?? 0);
/** The line waiting on the server (its row shows a loading overlay), or null. */
export const $bagPendingItem = atom<string | null>(null);
export const $bagError = atom<string | null>(null);

let loading: Promise<void> | undefined;

/**
 * Loads the bag once per page; `force` reads it again (after a change made elsewhere, e.g. quick shop edit). A read
 * that another reply overtook (a change's reply set the store while the read was on its way) is dropped: it may have
 * been answered before that change and would put the older bag back.
 */
export function loadBag(force = false): Promise<void> {
  if (force) loading = undefined;
  if (!loading) {
    const before = $bag.get();
    loading = callApi(API.readBag).then((r) => {
      if ($bag.get() !== before) return;
      if (r.ok) $bag.set(r.body.basket);
      else $bagError.set(r.message);
    });
  }
  return loading;
}

type AddResult = { ok: true; basket: BasketView } | { ok: false; message: string };

/**
 * A visitor's first add makes their session and their bag, and its reply brings the session cookie. Adds sent before
 * that reply carry no cookie, so each would make a session and a bag of its own, and the browser keeps one cookie:
 * the other lines would be lost. So while this page knows of no bag, adds go one at a time (in this tab through
 * `opening`, across the visitor's tabs through a Web Lock) and the next one carries the cookie the first brought.
 * Once the bag is known, adds go at once. The server cannot do this for them: requests without a cookie carry nothing
 * that tells one visitor from another (docs/decisions.md).
 */
const FIRST_ADD_LOCK = 'bag-first-add';
/** How long an add waits for another tab's first add before going anyway (that tab may hang on a lost request). */
const FIRST_ADD_WAIT_MS = 15_000;
let opening: Promise<void> | null = null;

export async function addToBag(input: AddToBagInput): Promise<AddResult> {
  while (!$bag.get()?.basketId) {
    if (!opening) {
      const mine = acrossTabs(() => sendAdd(input));
      const done = () => {
        opening = null;
      };
      opening = mine.then(done, done);
      return mine;
    }
    await opening;
  }
  return sendAdd(input);
}

async function sendAdd(input: AddToBagInput): Promise<AddResult> {
  const r = await callApi(API.addToBag, input);
  if (!r.ok) return r;
  $bag.set(r.body.basket);
  return { ok: true, basket: r.body.basket };
}

/** Runs `work` holding the first-add lock shared by the visitor's tabs, where the browser has Web Locks. */
async function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return work();
  let started = false;
  try {
    return await locks.request(FIRST_ADD_LOCK, { signal: AbortSignal.timeout(FIRST_ADD_WAIT_MS) }, () => {
      started = true;
      return work();
    });
  } catch (err) {
    if (started) throw err;
    return work(); // waited long enough for the other tab
  }
}

/** Edit mode: the line takes the new variant, quantity and options (quick shop from the bag). */
export async function replaceLine(
  itemId: string,
  body: Pick<AddToBagInput, 'productId' | 'quantity' | 'optionItems' | 'c_hemmingInseamLength'>,
): Promise<{ ok: true; basket: BasketView } | { ok: false; message: string }> {
  const r = await callApi(API.updateLine, { itemId, body });
  if (!r.ok) return r;
  $bag.set(r.body.basket);
  return { ok: true, basket: r.body.basket };
}

async function changeLine(itemId: string, call: () => Promise<ApiResult<{ basket: BasketView }>>): Promise<void> {
  $bagPendingItem.set(itemId);
  $bagError.set(null);
  const r = await call();
  $bagPendingItem.set(null);
  if (r.ok) $bag.set(r.body.basket);
  else $bagError.set(r.message);
}

export const updateLineQuantity = (itemId: string, quantity: number) =>
  changeLine(itemId, () => callApi(API.updateLine, { itemId, body: { quantity } }));

export const removeLine = (itemId: string) => changeLine(itemId, () => callApi(API.removeLine, { itemId }));

export async function chooseShippingMethod(shippingMethodId: string): Promise<void> {
  const r = await callApi(API.chooseShippingMethod, { shippingMethodId });
  if (r.ok) $bag.set(r.body.basket);
  else $bagError.set(r.message);
}

export type CodeResult = { ok: true; message: string } | { ok: false; message: string };

/** Sends a code from the bag's code field; the reply's basket replaces the bag (its coupons and totals). */
/** The code field's code (a coupon, or a gift card with its PIN), from the bag or the checkout's payment step. */
export async function applyPromoCode(code: string, pin: string, pageType: 'cart' | 'checkout' = 'cart'): Promise<CodeResult> {
  const r = await callApi(API.applyCode, {
    code,
    giftCardPin: pin || undefined,
    pageType,
  });
  if (!r.ok) return r;
  $bag.set(r.body.basket);
  return { ok: true, message: r.body.message };
}

/** Takes a tender (a gift card, certificate or rewards applied as payment) off the bag. */
export async function removeTender(paymentInstrumentId: string): Promise<CodeResult> {
  const r = await callApi(API.removeCode, { paymentInstrumentId });
  if (!r.ok) return r;
  $bag.set(r.body.basket);
  return { ok: true, message: CODE_REMOVED };
}

export async function removePromoCode(couponItemId: string): Promise<CodeResult> {
  const r = await callApi(API.removeCode, { couponItemId });
  if (!r.ok) return r;
  $bag.set(r.body.basket);
  return { ok: true, message: CODE_REMOVED };
}
