import { atom } from 'nanostores';
import { EMPTY_ADDRESS, type AddressDraft } from '../checkout/address-rules.ts';
import type { CheckoutView } from '../checkout/checkout-types.ts';

/**
 * What the shopper has typed in checkout, kept in this tab's sessionStorage so that it survives a reload, Back and
 * Forward, a server error and signing in half-way (the bag may change id when it merges; the draft follows the tab,
 * not the bag id). Of the card, only the name on it and the expiry (checkout-card.ts keeps them here); never the
 * card number or the security code, which live only in memory. Cleared once the order is placed.
 */
export interface CheckoutDraft {
  email: string;
  subscribe: boolean;
  shipping: AddressDraft;
  saveToProfile: boolean;
  makeDefault: boolean;
  billingSame: boolean;
  billing: AddressDraft;
  /** The new card's name and expiry as typed (never its number or security code). */
  card: { holder: string; expiry: string };
  /** The step a Change button came from: the edit returns there. */
  returnTo: string | null;
  /** The kept PayPal order whose address the form was given (once: what the shopper types after it stays). */
  webPaymentShown: string | null;
}

export const DRAFT_KEY = 'checkout-draft';

export const EMPTY_DRAFT: CheckoutDraft = {
  email: '',
  subscribe: false,
  shipping: EMPTY_ADDRESS,
  saveToProfile: true,
  makeDefault: false,
  billingSame: true,
  billing: EMPTY_ADDRESS,
  card: { holder: '', expiry: '' },
  returnTo: null,
  webPaymentShown: null,
};

function stored(): CheckoutDraft {
  if (typeof sessionStorage === 'undefined') return EMPTY_DRAFT;
  try {
    const parsed = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<CheckoutDraft> | null;
    if (!parsed || typeof parsed !== 'object') return EMPTY_DRAFT;
    return {
      ...EMPTY_DRAFT,
      ...parsed,
      shipping: { ...EMPTY_ADDRESS, ...(parsed.shipping ?? {}) },
      billing: { ...EMPTY_ADDRESS, ...(parsed.billing ?? {}) },
      card: { ...EMPTY_DRAFT.card, ...(parsed.card ?? {}) },
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

export const $checkoutDraft = atom<CheckoutDraft>(EMPTY_DRAFT);

/** The e-mail typed in this tab's checkout (the sign-in page offers it when the checkout sent the shopper there). */
export const draftEmail = (): string => stored().email;

let persisting = false;
/** Reads the tab's draft (once, on the client) and keeps writing it as it changes. */
export function startDraft(): void {
  $checkoutDraft.set(stored());
  if (persisting) return;
  persisting = true;
  $checkoutDraft.listen((draft) => sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft)));
}

export const updateDraft = (change: Partial<CheckoutDraft>) => $checkoutDraft.set({ ...$checkoutDraft.get(), ...change });

export function clearDraft(): void {
  $checkoutDraft.set(EMPTY_DRAFT);
  sessionStorage.removeItem(DRAFT_KEY);
}

const blank = (a: AddressDraft) => Object.entries(a).every(([k, v]) => k === 'countryCode' || v === '');

/**
 * Fills what the shopper has not typed from what the server holds (a reload on a later step, a signed-in
 * shopper's e-mail, and their name for a new shipping address): typing always wins over the server's copy.
 */
export function fillDraftFrom(view: CheckoutView): void {
  const draft = $checkoutDraft.get();
  const change: Partial<CheckoutDraft> = {};
  if (!draft.email && view.email) change.email = view.email;
  const kept = view.c_webPayment;
  if (kept?.problem && draft.webPaymentShown !== kept.orderId) {
    // PayPal's address, to be corrected where the problem is named (it was not taken as the shipping address).
    change.shipping = { ...EMPTY_ADDRESS, ...kept.address };
    change.webPaymentShown = kept.orderId;
  } else if (blank(draft.shipping) && view.shippingAddress) change.shipping = { ...EMPTY_ADDRESS, ...view.shippingAddress };
  else if (!draft.shipping.firstName && !draft.shipping.lastName && view.accountName) change.shipping = { ...draft.shipping, ...view.accountName };
  if (blank(draft.billing) && view.billingAddress && !view.billingSameAsShipping) {
    change.billing = { ...EMPTY_ADDRESS, ...view.billingAddress };
    change.billingSame = false;
  }
  if (Object.keys(change).length > 0) updateDraft(change);
}
