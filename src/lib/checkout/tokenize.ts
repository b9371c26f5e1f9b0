import * as v from 'valibot';
import { CARD_TECHNICAL_PROBLEM } from './card-messages.ts';
import { cardKind, digitsOnly } from './card-rules.ts';

/**
 * Card tokenization from the browser: the number and security code go straight to the payment provider's token
 * endpoint (the embedded sandbox gateway's or Stripe's, which take the same request) and the store only ever sees
 * the reply's token, last four, type, expiry and holder. Isomorphic: the server's contract tests call it too.
 */

/** What the browser gets back from tokenization and the checkout keeps on the basket. */
export interface TokenizedCard {
  token: string;
  last4: string;
  /** Our card type names: Visa, Mastercard, American Express, Discover, ... (card-validator's niceType). */
  cardType: string;
  expMonth: number;
  expYear: number;
  holder: string;
}

/** Where the browser tokenizes: from the server's cardTokenization(). */
export interface CardTokenization {
  url: string;
  publishableKey: string;
}

export interface CardDetails {
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
  holder: string;
}

export type TokenizeResult = { ok: true; card: TokenizedCard } | { ok: false; message: string };

// Stripe's token object (https://docs.stripe.com/api/tokens/object), the fields we use.
const TokenReply = v.object({
  id: v.pipe(v.string(), v.regex(/^tok_[A-Za-z0-9_]{1,200}$/)),
  object: v.literal('token'),
  card: v.object({
    last4: v.pipe(v.string(), v.regex(/^\d{4}$/)),
    brand: v.string(),
    exp_month: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
    exp_year: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2099)),
    name: v.nullish(v.string()),
  }),
});
// Stripe's error object (https://docs.stripe.com/api/errors).
const ErrorReply = v.object({ error: v.object({ message: v.pipe(v.string(), v.minLength(1), v.maxLength(500)) }) });

export async function tokenizeCard(where: CardTokenization, details: CardDetails, fetchImpl: typeof fetch = fetch): Promise<TokenizeResult> {
  const body = new URLSearchParams({
    'card[number]': digitsOnly(details.number),
    'card[exp_month]': String(details.expMonth),
    'card[exp_year]': String(details.expYear),
    'card[cvc]': details.cvc,
    'card[name]': details.holder.trim(),
  });
  let status: number;
  let data: unknown;
  try {
    const response = await fetchImpl(where.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${where.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    status = response.status;
    data = await response.json();
  } catch {
    return { ok: false, message: CARD_TECHNICAL_PROBLEM };
  }
  if (status === 200) {
    const token = v.safeParse(TokenReply, data);
    if (!token.success) return { ok: false, message: CARD_TECHNICAL_PROBLEM };
    const { id, card } = token.output;
    const cardType = cardKind(details.number).type || card.brand;
    return {
      ok: true,
      card: { token: id, last4: card.last4, cardType, expMonth: card.exp_month, expYear: card.exp_year, holder: card.name ?? details.holder.trim() },
    };
  }
  const error = v.safeParse(ErrorReply, data);
  // A card the provider refused (402) or a request it could not take (400) has a message for the shopper; a key,
  // rate or server problem does not.
  const forShopper = (status === 400 || status === 402) && error.success;
  return { ok: false, message: forShopper ? error.output.error.message : CARD_TECHNICAL_PROBLEM };
}
