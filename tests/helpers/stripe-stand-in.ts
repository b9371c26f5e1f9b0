import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Stripe's API, answering in its documented shapes (https://docs.stripe.com/api: tokens, card
 * and cvc_update tokens, payment_methods create/attach, customers, payment_intents create/cancel/retrieve/search, the
 * error object, Idempotency-Key replay), so the Stripe adapter is tested offline. Tokens are single-use, as Stripe's
 * are (token_already_used); a PaymentMethod pays again only once attached to a Customer, and then only for that
 * customer. Test cards as Stripe documents them (https://docs.stripe.com/testing), plus the sandbox's timeout card,
 * for which the stand-in never answers before the client gives up, and the sandbox's wrong security codes (all
 * nines), declined as incorrect_cvc.
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
  incorrect_cvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};
const isWrongCvc = (code: string | undefined) => !!code && /^9{3,4}$/.test(code);

const luhn = (n: string) =>
  [...n].reverse().reduce((sum, ch, i) => {
    const d = Number(ch) * (i % 2 ? 2 : 1);
    return sum + (d > 9 ? d - 9 : d);
  }, 0) %
    10 ===
  0;

interface Card {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  name: string | null;
}
interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  capture_method: string;
  metadata: Record<string, string>;
}
interface Method {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: Omit<Card, 'name'>;
  billing_details: { name: string | null };
  customer: string | null;
  outcome: Outcome;
  /** An unattached method pays once, as Stripe's do. */
  used: boolean;
}
type Reply = { status: number; body: unknown; late?: boolean };

const newId = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '')}`;
const error = (type: string, message: string, extra: Record<string, unknown> = {}) => ({ error: { type, message, ...extra } });
const missing = (what: string): Reply => ({ status: 404, body: error('invalid_request_error', `No such ${what}.`, { code: 'resource_missing' }) });
const tokenUsed = (id: string): Reply => ({
  status: 400,
  body: error('invalid_request_error', `You cannot use a Stripe token more than once: ${id}.`, { code: 'token_already_used' }),
});

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const publishableKey = 'pk_test_standin';
  const secretKey = 'sk_test_standin';
  const tokens = new Map<string, { outcome: Outcome; used: boolean; card: Card }>();
  const cvcTokens = new Map<string, string>();
  const methods = new Map<string, Method>();
  const customers = new Set<string>();
  const intents = new Map<string, Intent>();
  const replies = new Map<string, { params: string; reply: Reply }>();
  let created = 0;

  function createToken(form: URLSearchParams): Reply {
    const cvc = form.get('cvc_update[cvc]');
    if (cvc !== null) {
      if (!/^\d{3,4}$/.test(cvc)) return { status: 402, body: error('card_error', "Your card's security code is invalid.", { code: 'invalid_cvc' }) };
      const id = newId('cvctok');
      cvcTokens.set(id, cvc);
      return { status: 200, body: { id, object: 'token', type: 'cvc_update', livemode: false, used: false } };
    }
    const number = form.get('card[number]') ?? '';
    const month = Number(form.get('card[exp_month]'));
    const year = Number(form.get('card[exp_year]'));
    if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
      return { status: 402, body: error('card_error', 'Your card number is incorrect.', { code: 'incorrect_number', param: 'number' }) };
    }
    if (!(month >= 1 && month <= 12))
      return { status: 402, body: error('card_error', "Your card's expiration month is invalid.", { code: 'invalid_expiry_month' }) };
    if (!/^\d{3,4}$/.test(form.get('card[cvc]') ?? ''))
      return { status: 402, body: error('card_error', "Your card's security code is invalid.", { code: 'invalid_cvc' }) };
    const id = newId('tok');
    const brand = number.startsWith('3') ? 'American Express' : number.startsWith('4') ? 'Visa' : 'MasterCard';
    const card: Card = { brand, last4: number.slice(-4), exp_month: month, exp_year: year, name: form.get('card[name]') };
    tokens.set(id, { outcome: CARDS[number] ?? 'approve', used: false, card });
    return { status: 200, body: tokenObject(id) };
  }

  const tokenObject = (id: string) => {
    const t = tokens.get(id);
    return t && { id, object: 'token', type: 'card', livemode: false, used: t.used, card: { id: `card_${id.slice(4)}`, object: 'card', ...t.card } };
  };

  function createMethod(form: URLSearchParams): Reply {
    const tokenId = form.get('card[token]') ?? '';
    const token = tokens.get(tokenId);
    if (form.get('type') !== 'card' || !token) return missing('token');
    if (token.used) return tokenUsed(tokenId);
    token.used = true;
    const { name, brand, ...card } = token.card;
    const method: Method = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: { ...card, brand: brand === 'American Express' ? 'amex' : brand.toLowerCase() },
      billing_details: { name },
      customer: null,
      outcome: token.outcome,
      used: false,
    };
    methods.set(method.id, method);
    return { status: 200, body: method };
  }

  function createIntent(form: URLSearchParams): Reply {
    let outcome: Outcome;
    const tokenId = form.get('payment_method_data[card][token]');
    if (tokenId !== null) {
      const token = tokens.get(tokenId);
      if (!token) return missing('token');
      if (token.used) return tokenUsed(tokenId);
      token.used = true;
      outcome = token.outcome;
    } else {
      const method = methods.get(form.get('payment_method') ?? '');
      if (!method) return missing('payment_method');
      const customer = form.get('customer');
      if (method.customer ? method.customer !== customer : method.used) {
        return {
          status: 400,
          body: error('invalid_request_error', 'The provided PaymentMethod was previously used or does not belong to this customer.'),
        };
      }
      method.used = true;
      outcome = method.outcome;
      const cvcToken = form.get('payment_method_options[card][cvc_token]');
      if (cvcToken !== null && !cvcTokens.has(cvcToken)) return missing('token');
      if (cvcToken !== null && isWrongCvc(cvcTokens.get(cvcToken))) {
        return { status: 402, body: error('card_error', REFUSAL.incorrect_cvc.message, REFUSAL.incorrect_cvc) };
      }
    }
    created++;
    const held = outcome === 'approve' || outcome === 'timeout';
    const intent: Intent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: Number(form.get('amount')),
      currency: form.get('currency') ?? 'usd',
      status: held ? 'requires_capture' : 'requires_payment_method',
      capture_method: form.get('capture_method') ?? 'automatic',
      metadata: { reference: form.get('metadata[reference]') ?? '' },
    };
    intents.set(intent.id, intent);
    // The timeout card: the provider holds the request until the client gives up (or 30 s pass).
    if (outcome === 'approve' || outcome === 'timeout') return { status: 200, body: intent, late: outcome === 'timeout' };
    const refusal = REFUSAL[outcome];
    return { status: 402, body: error('card_error', refusal.message, { ...refusal, payment_intent: intent }) };
  }

  /** Every POST the secret key may make, by path; an Idempotency-Key replays the first reply. */
  function post(path: string, form: URLSearchParams): Reply {
    if (path === '/v1/tokens') return createToken(form);
    if (path === '/v1/payment_methods') return createMethod(form);
    if (path === '/v1/customers') {
      const id = newId('cus');
      customers.add(id);
      return { status: 200, body: { id, object: 'customer' } };
    }
    if (path === '/v1/payment_intents') return createIntent(form);
    const attach = /^\/v1\/payment_methods\/(pm_\w+)\/attach$/.exec(path);
    if (attach) {
      const method = methods.get(attach[1] ?? '');
      const customer = form.get('customer') ?? '';
      if (!method) return missing('payment_method');
      if (!customers.has(customer)) return missing('customer');
      method.customer = customer;
      return { status: 200, body: method };
    }
    const cancel = /^\/v1\/payment_intents\/(pi_\w+)\/cancel$/.exec(path);
    const intent = cancel ? intents.get(cancel[1] ?? '') : undefined;
    if (!intent) return { status: 404, body: error('invalid_request_error', 'Unrecognized request URL.') };
    if (intent.status === 'canceled' || intent.status === 'succeeded') {
      return {
        status: 400,
        body: error('invalid_request_error', `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, {
          code: 'payment_intent_unexpected_state',
        }),
      };
    }
    intent.status = 'canceled';
    return { status: 200, body: intent };
  }

  function get(url: URL): Reply {
    if (url.pathname === '/v1/payment_intents/search') {
      const reference = /^metadata\['reference'\]:'([^']*)'$/.exec(url.searchParams.get('query') ?? '')?.[1];
      if (reference === undefined) return { status: 400, body: error('invalid_request_error', 'Invalid search query.') };
      const data = [...intents.values()].filter((pi) => pi.metadata['reference'] === reference);
      return { status: 200, body: { object: 'search_result', url: '/v1/payment_intents/search', has_more: false, data } };
    }
    const token = /^\/v1\/tokens\/(\w+)$/.exec(url.pathname);
    if (token) return tokens.has(token[1] ?? '') ? { status: 200, body: tokenObject(token[1] ?? '') } : missing('token');
    const intent = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(url.pathname);
    const found = intent ? intents.get(intent[1] ?? '') : undefined;
    return found ? { status: 200, body: found } : missing('payment_intent');
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = ({ status, body, late }: Reply) => {
        const write = () => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (!late) return write();
        const timer = setTimeout(write, 30_000);
        res.on('close', () => clearTimeout(timer));
      };
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const params = Buffer.concat(chunks).toString('utf8');
      const form = new URLSearchParams(params);
      const auth = req.headers.authorization ?? '';
      const publishable = auth === `Bearer ${publishableKey}`;
      if (!publishable && auth !== `Bearer ${secretKey}`)
        return send({ status: 401, body: error('invalid_request_error', 'Invalid API Key provided.') });
      if (req.method === 'GET') return send(publishable ? { status: 401, body: error('invalid_request_error', 'Use a secret key.') } : get(url));
      if (req.method !== 'POST') return send({ status: 405, body: error('invalid_request_error', 'Unrecognized request URL.') });
      if (publishable && url.pathname !== '/v1/tokens') return send({ status: 401, body: error('invalid_request_error', 'Use a secret key.') });
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string') return send(post(url.pathname, form));
      const previous = replies.get(key);
      const fingerprint = `${url.pathname}?${params}`;
      if (previous && previous.params !== fingerprint) {
        return send({
          status: 400,
          body: error('idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.'),
        });
      }
      if (previous) return send(previous.reply);
      const reply = post(url.pathname, form);
      replies.set(key, { params: fingerprint, reply });
      return send(reply);
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
