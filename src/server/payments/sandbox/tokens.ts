import { randomUUID } from 'node:crypto';
import { cardKind, cardNumberError, holderError, isExpired, securityCodeError } from '../../../lib/checkout/card-rules.ts';
import type { Db } from '../../db/database.ts';
import { preparedWrite } from '../../db/prepared.ts';
import type { Tx } from '../../db/transaction.ts';
import { outcomeOf } from './test-cards.ts';

/**
 * The sandbox's token endpoint, in Stripe's request and reply shapes (POST /v1/tokens, form fields card[number],
 * card[exp_month], card[exp_year], card[cvc], card[name]; https://docs.stripe.com/api/tokens/create_card), so the
 * browser's tokenization is one code path for both. The card rules are the card form's own (src/lib/checkout).
 * The number and security code are checked and dropped: the vault keeps last four, brand, expiry, holder and the
 * test outcome.
 */
export interface ProviderReply {
  status: number;
  body: unknown;
}

export const SANDBOX_PUBLISHABLE_KEY = 'pk_test_sandbox';

const FIELDS = ['card[number]', 'card[exp_month]', 'card[exp_year]', 'card[cvc]', 'card[name]'] as const;

const cardError = (code: string, param: string, message: string): ProviderReply => ({
  status: 402,
  body: { error: { type: 'card_error', code, param, message } },
});
export const requestError = (status: number, message: string, extra: Record<string, string> = {}): ProviderReply => ({
  status,
  body: { error: { type: 'invalid_request_error', message, ...extra } },
});

/** A token as the sandbox keeps it (never the number or its security code): every card entered writes one, compiled once. */
const insertToken = preparedWrite(
  (tx: Tx, token: string, last4: string, brand: string, month: number, year: number, holder: string, outcome: string, created: string) =>
    tx.insertInto('payment_sandbox_tokens').values({ token, last4, brand, exp_month: month, exp_year: year, holder, outcome, created_at: created }),
);

export async function createSandboxToken(db: Db, form: URLSearchParams, now = new Date()): Promise<ProviderReply> {
  for (const name of new Set(form.keys())) {
    if (!(FIELDS as readonly string[]).includes(name))
      return requestError(400, `Received unknown parameter: ${name.slice(0, 40)}`, { code: 'parameter_unknown' });
    if (form.getAll(name).length > 1) return requestError(400, `Received ${name} more than once.`, { code: 'parameter_invalid' });
  }
  for (const name of FIELDS) {
    if (!form.get(name)) return requestError(400, `Missing required param: ${name}.`, { code: 'parameter_missing', param: name });
  }
  const value = (name: (typeof FIELDS)[number]) => form.get(name) ?? '';
  const number = value('card[number]');
  const kind = cardKind(number);
  if (kind.isPlcc) return requestError(400, 'Store cards are paid without tokenization.', { code: 'parameter_invalid', param: 'card[number]' });
  if (!/^\d{12,19}$/.test(number) || cardNumberError(number)) return cardError('incorrect_number', 'number', 'Your card number is incorrect.');
  const monthText = value('card[exp_month]');
  const month = Number(monthText);
  if (!/^\d{1,2}$/.test(monthText) || month < 1 || month > 12)
    return cardError('invalid_expiry_month', 'exp_month', "Your card's expiration month is invalid.");
  const yearText = value('card[exp_year]');
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (!/^(\d{2}|\d{4})$/.test(yearText) || year > now.getFullYear() + 50)
    return cardError('invalid_expiry_year', 'exp_year', "Your card's expiration year is invalid.");
  if (isExpired({ month, year }, now)) return cardError('expired_card', 'exp_month', 'Your card has expired.');
  if (securityCodeError(value('card[cvc]'), kind)) return cardError('invalid_cvc', 'cvc', "Your card's security code is invalid.");
  const holder = value('card[name]').trim();
  if (holderError(holder)) return requestError(400, 'Invalid name on card.', { code: 'parameter_invalid', param: 'card[name]' });

  const token = `tok_sbx_${randomUUID().replaceAll('-', '')}`;
  const created = now.toISOString();
  const last4 = number.slice(-4);
  await insertToken(db.kysely, token, last4, kind.type, month, year, holder, outcomeOf(number), created);
  return {
    status: 200,
    body: {
      id: token,
      object: 'token',
      type: 'card',
      livemode: false,
      used: false,
      created: Math.floor(now.getTime() / 1000),
      card: { object: 'card', brand: kind.type, last4, exp_month: month, exp_year: year, name: holder, funding: 'credit', country: 'US' },
    },
  };
}
