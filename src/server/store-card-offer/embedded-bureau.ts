import { randomInt, randomUUID } from 'node:crypto';
import type { ApplicationResult } from '#src/lib/store-card-offer/offer-rules.ts';
import { NO_OFFER, type CreditBureau } from './credit-bureau.ts';

/**
 * The embedded bureau (CREDIT_BUREAU=embedded, the default): decides from the applicant alone, as a bureau's test
 * environment does with its test identities, so every outcome can be reached offline and tested.
 *
 * | Applicant                                  | Answer                                             |
 * |--------------------------------------------|----------------------------------------------------|
 * | last name Approved                         | pre-screen: a firm offer with a $1,500.00 credit line |
 * | last name Cardholder                       | pre-screen: already holds the card (no offer)      |
 * | any other last name                        | pre-screen: no offer                               |
 * | on an offer, SSN last four 1000            | application APPROVED (a new account, $1,500.00)    |
 * | on an offer, SSN last four 2000            | application PENDING                                |
 * | on an offer, SSN last four 3000            | application DECLINED                               |
 * | on an offer, SSN last four 4000            | application ACCOUNT_EXISTS                         |
 * | on an offer, SSN last four 5000            | application ERROR                                  |
 * | on an offer, any other SSN last four       | application APPROVED                               |
 */
export const EMBEDDED_LIMIT_CENTS = 1500_00;

export const TEST_IDENTITIES = {
  offer: 'Approved',
  cardHolder: 'Cardholder',
} as const;

export const TEST_SSN_LAST4: Record<ApplicationResult, string> = {
  APPROVED: '1000',
  PENDING: '2000',
  DECLINED: '3000',
  ACCOUNT_EXISTS: '4000',
  ERROR: '5000',
};

const resultOf = (ssnLast4: string): ApplicationResult =>
  (Object.entries(TEST_SSN_LAST4).find(([, last4]) => last4 === ssnLast4)?.[0] as ApplicationResult | undefined) ?? 'APPROVED';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase();

export const embeddedBureau: CreditBureau = {
  kind: 'embedded',
  async prescreen(applicant) {
    if (same(applicant.lastName, TEST_IDENTITIES.offer))
      return { outcome: 'offer', reference: `emb-${randomUUID()}`, creditLimitCents: EMBEDDED_LIMIT_CENTS };
    if (same(applicant.lastName, TEST_IDENTITIES.cardHolder)) return { outcome: 'card-holder', reference: null, creditLimitCents: null };
    return NO_OFFER;
  },
  async apply(reference, application) {
    if (!reference.startsWith('emb-')) return { result: 'ERROR' };
    const result = resultOf(application.ssnLast4);
    if (result !== 'APPROVED') return { result };
    // The issuer's new account number: the store keeps only its keyed hash and last four (store-card/accounts.ts).
    return { result, accountNumber: `627800${String(randomInt(0, 1e10)).padStart(10, '0')}`, creditLimitCents: EMBEDDED_LIMIT_CENTS };
  },
};
