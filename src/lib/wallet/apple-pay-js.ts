import type { WalletError } from './wallet-contact.ts';
import type { WalletPaymentRequest, WalletShippingMethod, WalletTotals } from './payment-request.ts';

/**
 * The part of Apple Pay JS (version 3) the wallet button uses, as Safari defines it on `window`: no script is loaded
 * for it. Browsers without Apple Pay have no `ApplePaySession`.
 */
export interface ApplePayLineItem {
  label: string;
  amount: string;
  type?: 'final' | 'pending';
}

export interface ApplePaySessionLike {
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePaymentMethodSelection(update: { newTotal: ApplePayLineItem; newLineItems?: ApplePayLineItem[] }): void;
  completeShippingContactSelection(update: {
    newTotal: ApplePayLineItem;
    newLineItems?: ApplePayLineItem[];
    newShippingMethods?: WalletShippingMethod[];
    errors?: unknown[];
  }): void;
  completeShippingMethodSelection(update: { newTotal: ApplePayLineItem; newLineItems?: ApplePayLineItem[] }): void;
  completePayment(result: { status: number; errors?: unknown[] }): void;
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentmethodselected: ((event: { paymentMethod: unknown }) => void) | null;
  onshippingcontactselected: ((event: { shippingContact: Record<string, unknown> }) => void) | null;
  onshippingmethodselected: ((event: { shippingMethod: WalletShippingMethod }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown; shippingContact?: unknown; billingContact?: unknown } }) => void) | null;
  oncancel: ((event: unknown) => void) | null;
}

export interface ApplePaySessionClass {
  new (version: number, request: WalletPaymentRequest): ApplePaySessionLike;
  canMakePayments(): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

type ApplePayErrorClass = new (code: string, contactField?: string, message?: string) => unknown;

/** Safari's ApplePaySession, or null where there is none. */
export function applePaySession(): ApplePaySessionClass | null {
  const found = (globalThis as { ApplePaySession?: ApplePaySessionClass }).ApplePaySession;
  return typeof found === 'function' ? found : null;
}

/** The server's errors as ApplePayError objects (Safari's class; the plain fields where there is none). */
export function applePayErrors(errors: readonly WalletError[]): unknown[] {
  const ApplePayError = (globalThis as { ApplePayError?: ApplePayErrorClass }).ApplePayError;
  return errors.map((e) => (ApplePayError ? new ApplePayError(e.code, e.contactField, e.message) : e));
}

/** A totals answer in the sheet's update shape. */
export const sheetUpdate = (totals: Pick<WalletTotals, 'total' | 'lineItems'>) => ({ newTotal: totals.total, newLineItems: totals.lineItems });

/** Apple's decimal amount as cents. */
export const amountCents = (amount: string): number => Math.round(Number(amount) * 100);
