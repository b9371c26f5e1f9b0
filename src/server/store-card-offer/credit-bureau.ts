import type { Application, ApplicationResult, GuestPreScreenData, PrescreenOutcome } from '#src/lib/store-card-offer/offer-rules.ts';

/**
 * The credit bureau and issuer behind the store card's pre-screened offer, modelled on Bread Financial's real-time
 * prescreen (RTPS): a pre-screen of a name and address answers whether the shopper is pre-approved (a firm offer),
 * already holds the card, or neither; an application on an offer answers APPROVED (with the new account's number and
 * credit line), PENDING, DECLINED, ACCOUNT_EXISTS or ERROR. Chosen by CREDIT_BUREAU: the embedded default
 * (embedded-bureau.ts, its test identities documented there and in docs/decisions.md "Store card offers"), Bread's
 * HTTP API (bread-bureau.ts), or off.
 *
 * Neither call throws: a bureau that fails or is slow is logged (without anything of the applicant) and answered as
 * no offer, or as ERROR for an application.
 */
export interface Prescreen {
  outcome: PrescreenOutcome;
  /** The bureau's id of the pre-screen, which the application carries back; null without an offer. */
  reference: string | null;
  /** The offer's credit line in cents, when the bureau names one. */
  creditLimitCents: number | null;
}

export type Decision = { result: 'APPROVED'; accountNumber: string; creditLimitCents: number } | { result: Exclude<ApplicationResult, 'APPROVED'> };

export interface CreditBureau {
  readonly kind: 'embedded' | 'bread' | 'off';
  prescreen(applicant: GuestPreScreenData): Promise<Prescreen>;
  apply(reference: string, application: Application): Promise<Decision>;
}

export const NO_OFFER: Prescreen = { outcome: 'no-offer', reference: null, creditLimitCents: null };

/** CREDIT_BUREAU=off: no pre-screen is made, so no offer is shown. */
export const offBureau: CreditBureau = {
  kind: 'off',
  prescreen: async () => NO_OFFER,
  apply: async () => ({ result: 'ERROR' }),
};
