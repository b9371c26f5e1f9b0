import { formatCents } from '../money.ts';
import type { ResultView } from './offer-rules.ts';

/**
 * What the store card offer dialog says. The opt-out notices are the ones US law (the Fair Credit Reporting Act,
 * 15 U.S.C. §1681m(d), and the CFPB's model notice) requires of a pre-screened offer of credit: the short one beside
 * the offer, the long one a step away from it.
 */
export const OFFER_TITLE = "You're pre-approved for the store card";
export const REBUTTAL_TITLE = 'Before you go';
export const APPLICATION_TITLE = 'Apply for the store card';

export const offerText = (firstName: string | null, creditLimitCents: number | null): string =>
  `${firstName ? `${firstName}, you're` : "You're"} pre-approved for the store card${
    creditLimitCents ? ` with a credit line of up to ${formatCents(creditLimitCents)}` : ''
  }. Apply in a minute and use it on this order: no card number to type.`;

export const REBUTTAL_TEXT =
  'This offer was made for you and this order. Apply now and the store card pays for it at once; no thanks, and we will not ask again for this bag.';

export const SHORT_OPT_OUT_NOTICE =
  'You can choose to stop receiving "prescreened" offers of credit from this and other companies by calling toll-free 1-888-567-8688. See the Prescreen & Opt-Out Notice for more information about prescreened offers.';

export const LONG_OPT_OUT_NOTICE_TITLE = 'Prescreen & Opt-Out Notice';
export const LONG_OPT_OUT_NOTICE = [
  'This "prescreened" offer of credit is based on information in your credit report indicating that you meet certain criteria. This offer is not guaranteed if you do not meet our criteria, including providing acceptable property as collateral, where applicable.',
  'If you do not want to receive prescreened offers of credit from this and other companies, call the consumer reporting agencies toll-free, 1-888-567-8688, or write: Experian, PO Box 919, Allen, TX 75013; Equifax Options, PO Box 740123, Atlanta, GA 30374-0123; TransUnion Name Removal Option, PO Box 505, Woodlyn, PA 19094-0505. You may also opt out online at www.optoutprescreen.com.',
];

export const CONSENT_LABEL =
  'I have read the Prescreen & Opt-Out Notice and agree that the issuer may review my credit to open a store card account.';

export const RESULT_TITLES: Record<ResultView, string> = {
  registration: "You're approved",
  review: 'Thank you for applying',
  'card-holder': 'You already have the store card',
  error: 'We could not finish your application',
};

export function resultText(view: ResultView, card: { last4: string; availableCents: number } | null, paysThisOrder: boolean): string {
  if (view === 'registration' && card)
    return `Your store card ending in ${card.last4} has ${formatCents(card.availableCents)} available credit. ${
      paysThisOrder ? 'It pays for this order: review it and place it.' : 'It cannot pay all of this order: please choose another way to pay.'
    }`;
  if (view === 'review')
    return 'We need a little more time to review your application and will write to you within 10 business days. Please choose another way to pay for this order.';
  if (view === 'card-holder') return 'Our records show you already hold the store card. Enter its number at payment to use it on this order.';
  return 'Something went wrong while we processed your application. Please choose another way to pay for this order.';
}

export const GUEST_REGISTRATION = 'Create an account once your order is placed to see your card and its rewards in your profile.';
