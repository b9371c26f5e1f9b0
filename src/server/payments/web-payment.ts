/**
 * The web payment provider (PayPal) as the checkout sees it: a small interface in our own types, as the card gateway
 * (gateway.ts) is. The shopper approves an order on the provider's page; the server then authorizes it, writes our
 * order, and captures the authorization (docs/decisions.md "PayPal"). Every call that moves money carries a request
 * id made from our placement key, so a retry, a double click or a second instance gets the first answer.
 */
import type { AmountBreakdown } from './web-payment-amounts.ts';

export interface CreateOrderRequest {
  /** The server's own figures, in cents; the total is their sum (web-payment-amounts.ts). */
  breakdown: AmountBreakdown;
  currency: 'USD';
  /** Our placement key: kept on the provider's order (custom_id) so recovery finds it. */
  reference: string;
  requestId: string;
  /** Where the provider's page sends the shopper after approving, and after cancelling. */
  returnUrl: string;
  cancelUrl: string;
}

export interface CreatedOrder {
  orderId: string;
  /** The provider's page where the shopper approves the order. */
  approvalUrl: string;
}

export type WebOrderStatus = 'created' | 'approved' | 'authorized' | 'voided' | 'captured';

export interface WebAuthorization {
  authorizationId: string;
  status: 'authorized' | 'captured' | 'voided';
}

/** Who approved the order (PayPal's `payer`): their PayPal account's e-mail, name and phone ('' when not shared). */
export interface WebPayer {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/** Where the payer asked PayPal to ship (`purchase_units[].shipping`): the name and the address, as PayPal gives them. */
export interface WebShipping {
  fullName: string;
  address1: string;
  address2: string;
  city: string;
  /** PayPal's admin_area_1: a state code, or a state's name. */
  state: string;
  postalCode: string;
  countryCode: string;
}

export interface WebOrder {
  orderId: string;
  reference: string;
  amountCents: number;
  status: WebOrderStatus;
  /** The order's authorization once it is authorized (one per order). */
  authorization: WebAuthorization | null;
  /** Known once the shopper approved; null before, or when the provider did not share them. */
  payer: WebPayer | null;
  shipping: WebShipping | null;
  /** The provider's page while the order awaits the shopper (again after a declined funding source), else null. */
  approvalUrl: string | null;
}

/**
 * instrument_declined: the funding source the shopper approved with was refused (INSTRUMENT_DECLINED); the shopper
 * chooses again on the provider's page. not_approved: the shopper has not approved (or cancelled). timeout: no
 * answer; the outcome is unknown and recovery asks by reference.
 */
export type AuthorizeOrderResult =
  | { ok: true; authorizationId: string }
  | { ok: false; code: 'instrument_declined' | 'not_approved' | 'not_found' | 'timeout'; message: string };

/**
 * already_captured: a capture under another request id took it first (ORDER_ALREADY_CAPTURED / PREVIOUSLY_CAPTURED):
 * the money is taken, and the caller treats it as done.
 */
export type CaptureResult = { ok: true; captureId: string } | { ok: false; code: 'already_captured' | 'voided' | 'not_found' | 'timeout' };

export interface WebPaymentProvider {
  readonly name: string;
  createOrder(request: CreateOrderRequest): Promise<CreatedOrder>;
  /** Null when the provider knows no such order. */
  getOrder(orderId: string): Promise<WebOrder | null>;
  /**
   * Replaces the amount of an order not yet authorized (PayPal's PATCH of `purchase_units[].amount`, allowed while the
   * order is CREATED or APPROVED): the total for the address the payer chose at PayPal. False when the order is
   * unknown or already authorized.
   */
  updateAmount(orderId: string, breakdown: AmountBreakdown): Promise<boolean>;
  /** Holds the order's amount. An order already authorized answers its authorization (the first result). */
  authorizeOrder(orderId: string, requestId: string): Promise<AuthorizeOrderResult>;
  /** Takes the held amount, all of it. The same request id answers the same capture. */
  captureAuthorization(authorizationId: string, requestId: string): Promise<CaptureResult>;
  /** Releases a hold: 'voided' (also when it already was), or 'captured' when it was taken and cannot be. */
  voidAuthorization(authorizationId: string): Promise<'voided' | 'captured'>;
  /** The orders made under a reference, with their authorizations: what recovery voids after a crash. */
  findByReference(reference: string): Promise<WebOrder[]>;
}

/** A request id reused with other parameters: refused, as PayPal refuses it. */
export class WebPaymentRequestConflict extends Error {}

/** The shopper's words for each refusal (the checkout shows them; the provider's own texts are for developers). */
export const WEB_PAYMENT_MESSAGES = {
  instrument_declined: 'Your PayPal payment method was declined. Please choose another way to pay in PayPal.',
  not_approved: 'The PayPal payment was not completed. Please try again.',
  not_found: 'We could not find this PayPal payment. Please try again.',
  timeout: 'We ran into a technical issue while processing your PayPal payment. Please try again.',
} as const;
