/**
 * The card payment gateway as the checkout sees it: a small interface in our own types (Medusa's payment provider
 * shape). Each provider is one folder under src/server/payments/<provider>/ that converts its types to these at its
 * edge. The card number and security code never pass through here: the browser sends them to the provider's
 * tokenization endpoint and the store only ever holds the token, last four, type, expiry and holder.
 */

export interface AuthorizeRequest {
  token: string;
  amountCents: number;
  currency: 'USD';
  /**
   * Our placement attempt id: sent to the provider as its idempotency key, and stored with the authorization so
   * a recovery sweep can find (and void) an authorization whose order was never committed.
   */
  reference: string;
}

export type AuthorizeResult =
  | { ok: true; authorizationId: string }
  | {
      ok: false;
      /** declined, insufficient_funds, processing_error: the provider answered no. timeout: the outcome is unknown. */
      code: 'declined' | 'insufficient_funds' | 'processing_error' | 'timeout';
      /** The provider's message for the shopper. */
      message: string;
    };

export interface AuthorizationRecord {
  authorizationId: string;
  reference: string;
  amountCents: number;
  status: 'authorized' | 'voided' | 'captured';
}

export interface PaymentGateway {
  readonly name: string;
  /** Holds the amount on the card. Safe to repeat with the same reference: the provider answers the first result. */
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /** Releases a hold; voiding one already voided is not an error. */
  void(authorizationId: string): Promise<void>;
  /** Authorizations made under a reference (the recovery sweep's question after a crash or a timeout). */
  findByReference(reference: string): Promise<AuthorizationRecord[]>;
}

/** A reference reused with another token or amount: a provider refuses it (as Stripe's idempotency keys do). */
export class PaymentReferenceConflict extends Error {}
