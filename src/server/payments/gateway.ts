/**
 * The card payment gateway as the checkout sees it: a small interface in our own types (Medusa's payment provider
 * shape). Each provider is one folder under src/server/payments/<provider>/ that converts its types to these at its
 * edge. The card number never passes through here: the browser sends it to the provider's tokenization endpoint and
 * the store holds only the token, and what the provider's own record says of the card (brand, last four, expiry,
 * holder). A saved card's security code passes through once, with its authorization, and is never kept.
 */

/** What the provider's record says of a card: the only source of the brand, last four, expiry and holder we keep. */
export interface CardOnFile {
  /** Our card type names: Visa, Mastercard, American Express, Discover, ... (card-validator's niceType). */
  cardType: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holder: string;
}

/**
 * What pays: a token the browser just made (single use: the first authorization spends it), or a saved card's
 * reusable payment method, attached to the shopper's customer record at the provider.
 */
export type PaymentSource = { kind: 'token'; token: string } | { kind: 'saved'; paymentMethodId: string; customerRef: string };

export interface AuthorizeRequest {
  source: PaymentSource;
  /** A saved card's security code, re-collected at review and checked by the provider (never stored or logged). */
  securityCode?: string;
  amountCents: number;
  currency: 'USD';
  /**
   * Our placement attempt id: sent to the provider as its idempotency key, and stored with the authorization so
   * a recovery sweep can find (and void) an authorization whose order was never committed.
   */
  reference: string;
}

/** token_used: a token spent by an earlier use (a token pays once); the card must be entered again. */
export type RefusalCode = 'declined' | 'insufficient_funds' | 'incorrect_cvc' | 'token_used' | 'processing_error';

export type AuthorizeResult =
  | { ok: true; authorizationId: string }
  | {
      ok: false;
      /** A refusal: the provider answered no. timeout: the outcome is unknown. */
      code: RefusalCode | 'timeout';
      /** The provider's message for the shopper. */
      message: string;
    };

export interface AuthorizationRecord {
  authorizationId: string;
  reference: string;
  amountCents: number;
  status: 'authorized' | 'voided' | 'captured';
}

export interface SavedCard {
  paymentMethodId: string;
  customerRef: string;
  card: CardOnFile;
}

export interface PaymentGateway {
  readonly name: string;
  /** The provider's record of a token; null when it does not know it or it has been used already. */
  describeToken(token: string): Promise<CardOnFile | null>;
  /**
   * Turns a token into a reusable payment method attached to a customer at the provider (Stripe: a PaymentMethod
   * attached to a Customer), creating the customer when `customerRef` is null. Spends the token. `reference` is the
   * idempotency key of the calls it makes. Null when the token is unknown or used.
   */
  saveCard(request: { token: string; customerRef: string | null; reference: string }): Promise<SavedCard | null>;
  /** Holds the amount on the card. Safe to repeat with the same reference: the provider answers the first result. */
  authorize(request: AuthorizeRequest): Promise<AuthorizeResult>;
  /** Releases a hold; voiding one already voided is not an error. */
  void(authorizationId: string): Promise<void>;
  /** Authorizations made under a reference (the recovery sweep's question after a crash or a timeout). */
  findByReference(reference: string): Promise<AuthorizationRecord[]>;
}

/** A reference reused with another token or amount: a provider refuses it (as Stripe's idempotency keys do). */
export class PaymentReferenceConflict extends Error {}
