import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Stripe's API, answering in its documented shapes (https://docs.stripe.com/api: tokens,
 * payment_intents create/cancel/retrieve/search, the error object, Idempotency-Key replay), so the Stripe adapter
 * is tested offline. Test cards as Stripe documents them (https://docs.stripe.com/testing), plus the sandbox's
 * timeout card, for which the stand-in never answers before the client gives up.
 */
export interface StripeStandIn {
  apiBase: string;
  publishableKey: string;
  secretKey: string;
  /** How many PaymentIntents were created (an idempotent replay creates none). */
  intentsCreated(): number;
  close(): Promise<void>;
}

type Outcome = 'approve' | 'decline' | 'insufficient_funds' | 'processing_error' | 'timeout';
const CARDS: Record<string, Outcome> = {
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000000119': 'processing_error',
  '4000000000007775': 'timeout',
};
const REFUSAL = {
  decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  processing_error: { code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
};

const luhn = (n: string) =>
  [...n].reverse().reduce((sum, ch, i) => {
    const d = Number(ch) * (i % 2 ? 2 : 1);
    return sum + (d > 9 ? d - 9 : d);
  }, 0) %
    10 ===
  0;

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  capture_method: string;
  metadata: Record<string, string>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const publishableKey = 'pk_test_standin';
  const secretKey = 'sk_test_standin';
  const tokens = new Map<string, { outcome: Outcome }>();
  const intents = new Map<string, Intent>();
  const replies = new Map<string, { params: string; status: number; body: unknown }>();
  let created = 0;
  const error = (type: string, message: string, extra: Record<string, unknown> = {}) => ({ error: { type, message, ...extra } });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const auth = req.headers.authorization ?? '';
      if (url.pathname === '/v1/tokens' && req.method === 'POST') {
        if (auth !== `Bearer ${publishableKey}`) return send(401, error('invalid_request_error', 'Invalid API Key provided.'));
        const number = form.get('card[number]') ?? '';
        const month = Number(form.get('card[exp_month]'));
        const year = Number(form.get('card[exp_year]'));
        if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
          return send(402, error('card_error', 'Your card number is incorrect.', { code: 'incorrect_number', param: 'number' }));
        }
        if (!(month >= 1 && month <= 12))
          return send(402, error('card_error', "Your card's expiration month is invalid.", { code: 'invalid_expiry_month' }));
        if (!/^\d{3,4}$/.test(form.get('card[cvc]') ?? ''))
          return send(402, error('card_error', "Your card's security code is invalid.", { code: 'invalid_cvc' }));
        const id = `tok_${randomUUID().replaceAll('-', '')}`;
        tokens.set(id, { outcome: CARDS[number] ?? 'approve' });
        const brand = number.startsWith('3') ? 'American Express' : number.startsWith('4') ? 'Visa' : 'MasterCard';
        return send(200, {
          id,
          object: 'token',
          type: 'card',
          livemode: false,
          card: {
            id: `card_${id.slice(4)}`,
            object: 'card',
            brand,
            last4: number.slice(-4),
            exp_month: month,
            exp_year: year,
            name: form.get('card[name]'),
          },
        });
      }
      if (auth !== `Bearer ${secretKey}`) return send(401, error('invalid_request_error', 'Invalid API Key provided.'));
      if (url.pathname === '/v1/payment_intents/search' && req.method === 'GET') {
        const reference = /^metadata\['reference'\]:'([^']*)'$/.exec(url.searchParams.get('query') ?? '')?.[1];
        if (reference === undefined) return send(400, error('invalid_request_error', 'Invalid search query.'));
        const data = [...intents.values()].filter((pi) => pi.metadata['reference'] === reference);
        return send(200, { object: 'search_result', url: '/v1/payment_intents/search', has_more: false, data });
      }
      if (url.pathname === '/v1/payment_intents' && req.method === 'POST') {
        const key = req.headers['idempotency-key'];
        const params = form.toString();
        const outcome = tokens.get(form.get('payment_method_data[card][token]') ?? '')?.outcome;
        const previous = typeof key === 'string' ? replies.get(key) : undefined;
        if (previous && previous.params !== params) {
          return send(
            400,
            error('idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.'),
          );
        }
        // The timeout card: the provider holds the request until the client gives up (or 30 s pass).
        const answer = (status: number, body: unknown) => {
          if (outcome !== 'timeout') return send(status, body);
          const late = setTimeout(() => send(status, body), 30_000);
          res.on('close', () => clearTimeout(late));
        };
        if (previous) return answer(previous.status, previous.body);
        if (!outcome) return send(400, error('invalid_request_error', 'No such token.', { code: 'resource_missing' }));
        created++;
        const intent: Intent = {
          id: `pi_${randomUUID().replaceAll('-', '')}`,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? 'usd',
          status: outcome === 'approve' || outcome === 'timeout' ? 'requires_capture' : 'requires_payment_method',
          capture_method: form.get('capture_method') ?? 'automatic',
          metadata: { reference: form.get('metadata[reference]') ?? '' },
        };
        intents.set(intent.id, intent);
        const reply =
          outcome === 'approve' || outcome === 'timeout'
            ? { status: 200, body: intent }
            : { status: 402, body: error('card_error', REFUSAL[outcome].message, { ...REFUSAL[outcome], payment_intent: intent }) };
        if (typeof key === 'string') replies.set(key, { params, ...reply });
        return answer(reply.status, reply.body);
      }
      const match = /^\/v1\/payment_intents\/(pi_\w+)(\/cancel)?$/.exec(url.pathname);
      const intent = match ? intents.get(match[1] ?? '') : undefined;
      if (!intent) return send(404, error('invalid_request_error', 'No such payment_intent.', { code: 'resource_missing' }));
      if (!match?.[2] && req.method === 'GET') return send(200, intent);
      if (match?.[2] && req.method === 'POST') {
        if (intent.status === 'canceled' || intent.status === 'succeeded') {
          return send(
            400,
            error('invalid_request_error', `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, {
              code: 'payment_intent_unexpected_state',
            }),
          );
        }
        intent.status = 'canceled';
        return send(200, intent);
      }
      return send(404, error('invalid_request_error', 'Unrecognized request URL.'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    publishableKey,
    secretKey,
    intentsCreated: () => created,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
