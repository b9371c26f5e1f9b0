import * as v from 'valibot';
import {
  PaymentReferenceConflict,
  type AuthorizationRecord,
  type AuthorizeRequest,
  type AuthorizeResult,
  type CardOnFile,
  type PaymentGateway,
} from '../gateway.ts';
import { CARD_TECHNICAL_PROBLEM } from '#src/lib/checkout/card-messages.ts';
import { REFUSALS } from '../sandbox/test-cards.ts';

/**
 * Stripe on its documented HTTP API (https://docs.stripe.com/api), with fetch: a manual-capture PaymentIntent
 * confirmed at once holds the amount (authorize), cancel releases it (void), and the search API finds it by our
 * reference, kept in its metadata. Our reference is the Idempotency-Key, so a retry is answered with the first
 * result and never makes a second PaymentIntent. A card is described by its token (GET /v1/tokens/:id); a saved card
 * is a PaymentMethod made from the token and attached to a Customer, paid later with its security code re-collected
 * (a cvc_update token passed as payment_method_options[card][cvc_token]). Replies are validated and turned into our
 * types here.
 */
export interface StripeGatewayOptions {
  apiBase: string;
  secretKey: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

const PaymentIntent = v.object({
  id: v.pipe(v.string(), v.regex(/^pi_\w+$/)),
  amount: v.pipe(v.number(), v.integer()),
  status: v.string(),
  metadata: v.optional(v.record(v.string(), v.string()), {}),
});
const StripeError = v.object({
  error: v.object({
    type: v.string(),
    code: v.optional(v.string()),
    decline_code: v.optional(v.string()),
    message: v.optional(v.string()),
  }),
});
const SearchResult = v.object({ object: v.literal('search_result'), data: v.array(PaymentIntent) });
const Month = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12));
const Year = v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2100));
const Last4 = v.pipe(v.string(), v.regex(/^\d{4}$/));
// https://docs.stripe.com/api/tokens/object
const CardToken = v.object({
  id: v.string(),
  used: v.boolean(),
  card: v.object({ brand: v.string(), last4: Last4, exp_month: Month, exp_year: Year, name: v.nullish(v.string()) }),
});
// https://docs.stripe.com/api/payment_methods/object
const PaymentMethod = v.object({
  id: v.pipe(v.string(), v.regex(/^pm_\w+$/)),
  card: v.object({ brand: v.string(), last4: Last4, exp_month: Month, exp_year: Year }),
  billing_details: v.object({ name: v.nullish(v.string()) }),
});
const Created = v.object({ id: v.pipe(v.string(), v.regex(/^\w+$/)) });

/**
 * Stripe's brand names in our card types (card-validator's niceType): a token's card says 'Visa', 'MasterCard',
 * 'American Express'; a PaymentMethod's says 'visa', 'mastercard', 'amex'.
 */
const BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  'american express': 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  'diners club': 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};
const cardType = (brand: string) => BRANDS[brand.toLowerCase()] ?? brand;

const STATUS: Readonly<Record<string, AuthorizationRecord['status']>> = {
  requires_capture: 'authorized',
  canceled: 'voided',
  succeeded: 'captured',
};

/** The provider did not answer in time, or answered with a server error: the outcome is unknown. */
class Unanswered extends Error {}

/** Stripe's object ids: letters, digits and _ (a path segment can carry nothing else). */
const STRIPE_ID = /^[A-Za-z0-9_]{1,255}$/;
const IN_USE_RETRIES = 5;

export function stripeGateway({ apiBase, secretKey, timeoutMs, fetchImpl = fetch }: StripeGatewayOptions): PaymentGateway {
  async function call(method: 'GET' | 'POST', path: string, params?: URLSearchParams, idempotencyKey?: string) {
    const headers: Record<string, string> = { authorization: `Bearer ${secretKey}` };
    if (params) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    try {
      const response = await fetchImpl(`${apiBase}${path}`, { method, headers, body: params, signal: AbortSignal.timeout(timeoutMs) });
      const body: unknown = await response.json();
      if (response.status >= 500) throw new Unanswered(`Stripe answered ${response.status}`);
      return { status: response.status, body };
    } catch (err) {
      throw err instanceof Unanswered ? err : new Unanswered(err instanceof Error ? err.name : 'fetch failed');
    }
  }

  const errorOf = (body: unknown) => {
    const parsed = v.safeParse(StripeError, body);
    return parsed.success ? parsed.output.error : { type: 'unknown', code: undefined, decline_code: undefined, message: undefined };
  };

  /** A saved card's re-collected security code as a cvc_update token; its own key makes a retry the same token. */
  async function cvcToken(securityCode: string, reference: string): Promise<string | AuthorizeResult> {
    const { status, body } = await call('POST', '/v1/tokens', new URLSearchParams({ 'cvc_update[cvc]': securityCode }), `${reference}:cvc`);
    if (status === 200) return v.parse(Created, body).id;
    const error = errorOf(body);
    if (error.type === 'card_error') return { ok: false, code: 'incorrect_cvc', message: error.message ?? REFUSALS.incorrect_cvc.message };
    return { ok: false, code: 'processing_error', message: CARD_TECHNICAL_PROBLEM };
  }

  async function authorizeOnce(request: AuthorizeRequest): Promise<AuthorizeResult | 'in_use'> {
    const params = new URLSearchParams({
      amount: String(request.amountCents),
      currency: request.currency.toLowerCase(),
      capture_method: 'manual',
      confirm: 'true',
      'payment_method_types[]': 'card',
      'metadata[reference]': request.reference,
    });
    if (request.source.kind === 'token') {
      params.set('payment_method_data[type]', 'card');
      params.set('payment_method_data[card][token]', request.source.token);
    } else {
      params.set('payment_method', request.source.paymentMethodId);
      params.set('customer', request.source.customerRef);
      if (request.securityCode) {
        const cvc = await cvcToken(request.securityCode, request.reference);
        if (typeof cvc !== 'string') return cvc;
        params.set('payment_method_options[card][cvc_token]', cvc);
      }
    }
    const { status, body } = await call('POST', '/v1/payment_intents', params, request.reference);
    if (status === 200) {
      const intent = v.parse(PaymentIntent, body);
      if (intent.status === 'requires_capture') return { ok: true, authorizationId: intent.id };
      // Anything else (a card asking for authentication) holds nothing we can use: release it.
      await voidIntent(intent.id);
      return { ok: false, code: 'declined', message: REFUSALS.decline.message };
    }
    const error = errorOf(body);
    if (status === 409 && error.code === 'idempotency_key_in_use') return 'in_use';
    if (error.type === 'idempotency_error') throw new PaymentReferenceConflict(error.message ?? 'This reference was used with other parameters.');
    if (error.code === 'token_already_used') return { ok: false, ...REFUSALS.token_used, code: 'token_used' };
    if (error.type === 'card_error') {
      const message = error.message ?? REFUSALS.decline.message;
      if (error.code === 'incorrect_cvc') return { ok: false, code: 'incorrect_cvc', message };
      if (error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds')
        return { ok: false, code: 'insufficient_funds', message };
      if (error.code === 'processing_error') return { ok: false, code: 'processing_error', message };
      return { ok: false, code: 'declined', message };
    }
    // A refused request (bad token, rate limit): nothing was authorized.
    return { ok: false, code: 'processing_error', message: CARD_TECHNICAL_PROBLEM };
  }

  async function voidIntent(id: string): Promise<void> {
    const path = `/v1/payment_intents/${encodeURIComponent(id)}`;
    const { status, body } = await call('POST', `${path}/cancel`, new URLSearchParams());
    if (status === 200) return;
    if (errorOf(body).code === 'payment_intent_unexpected_state') {
      const current = await call('GET', path);
      if (current.status === 200 && v.parse(PaymentIntent, current.body).status === 'canceled') return;
    }
    throw new Error(`Stripe refused to cancel ${id} (${status})`);
  }

  async function describeToken(token: string): Promise<CardOnFile | null> {
    if (!STRIPE_ID.test(token)) return null;
    const { status, body } = await call('GET', `/v1/tokens/${token}`);
    if (status !== 200) return null;
    const { used, card } = v.parse(CardToken, body);
    if (used) return null;
    return { cardType: cardType(card.brand), last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year, holder: card.name ?? '' };
  }

  return {
    name: 'stripe',

    describeToken,

    async saveCard({ token, customerRef, reference }) {
      if (!STRIPE_ID.test(token) || (customerRef !== null && !STRIPE_ID.test(customerRef))) return null;
      const made = await call('POST', '/v1/payment_methods', new URLSearchParams({ type: 'card', 'card[token]': token }), `${reference}:pm`);
      if (made.status !== 200) return null;
      const method = v.parse(PaymentMethod, made.body);
      let customer = customerRef;
      if (!customer) {
        const created = await call('POST', '/v1/customers', new URLSearchParams(), `${reference}:customer`);
        if (created.status !== 200) throw new Error(`Stripe refused to create a customer (${created.status})`);
        customer = v.parse(Created, created.body).id;
      }
      const attached = await call('POST', `/v1/payment_methods/${method.id}/attach`, new URLSearchParams({ customer }), `${reference}:attach`);
      if (attached.status !== 200) throw new Error(`Stripe refused to attach ${method.id} (${attached.status})`);
      const { card, billing_details } = method;
      return {
        paymentMethodId: method.id,
        customerRef: customer,
        card: {
          cardType: cardType(card.brand),
          last4: card.last4,
          expMonth: card.exp_month,
          expYear: card.exp_year,
          holder: billing_details.name ?? '',
        },
      };
    },

    async authorize(request) {
      try {
        // Another request with this key still in flight: Stripe asks us to retry; it then answers the first result.
        for (let attempt = 0; attempt <= IN_USE_RETRIES; attempt++) {
          const result = await authorizeOnce(request);
          if (result !== 'in_use') return result;
          await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
        }
        return { ok: false, code: 'timeout', message: CARD_TECHNICAL_PROBLEM };
      } catch (err) {
        if (err instanceof Unanswered) return { ok: false, code: 'timeout', message: CARD_TECHNICAL_PROBLEM };
        throw err;
      }
    },

    void: voidIntent,

    async findByReference(reference) {
      // Our references are ids we make; refuse anything that could break out of the search query's quotes.
      if (!/^[\w-]{1,200}$/.test(reference)) throw new RangeError('A reference is letters, digits, _ and - only');
      const query = new URLSearchParams({ query: `metadata['reference']:'${reference}'`, limit: '100' });
      const { status, body } = await call('GET', `/v1/payment_intents/search?${query}`);
      if (status !== 200) throw new Error(`Stripe search failed (${status})`);
      return v
        .parse(SearchResult, body)
        .data.filter((pi) => pi.metadata['reference'] === reference && STATUS[pi.status])
        .map((pi) => ({ authorizationId: pi.id, reference, amountCents: pi.amount, status: STATUS[pi.status] as AuthorizationRecord['status'] }));
    },
  };
}
