import * as v from 'valibot';
import { PaymentReferenceConflict, type AuthorizationRecord, type AuthorizeRequest, type AuthorizeResult, type PaymentGateway } from '../gateway.ts';
import { TIMEOUT_MESSAGE } from '../sandbox/test-cards.ts';

/**
 * Stripe on its documented HTTP API (https://docs.stripe.com/api), with fetch: a manual-capture PaymentIntent
 * confirmed at once holds the amount (authorize), cancel releases it (void), and the search API finds it by our
 * reference, kept in its metadata. Our reference is the Idempotency-Key, so a retry is answered with the first
 * result and never makes a second PaymentIntent. Replies are validated and turned into our types here.
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

const STATUS: Readonly<Record<string, AuthorizationRecord['status']>> = {
  requires_capture: 'authorized',
  canceled: 'voided',
  succeeded: 'captured',
};

/** The provider did not answer in time, or answered with a server error: the outcome is unknown. */
class Unanswered extends Error {}

const DECLINED_MESSAGE = 'Your card was declined.';
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

  async function authorizeOnce(request: AuthorizeRequest): Promise<AuthorizeResult | 'in_use'> {
    const params = new URLSearchParams({
      amount: String(request.amountCents),
      currency: request.currency.toLowerCase(),
      capture_method: 'manual',
      confirm: 'true',
      'payment_method_types[]': 'card',
      'payment_method_data[type]': 'card',
      'payment_method_data[card][token]': request.token,
      'metadata[reference]': request.reference,
    });
    const { status, body } = await call('POST', '/v1/payment_intents', params, request.reference);
    if (status === 200) {
      const intent = v.parse(PaymentIntent, body);
      if (intent.status === 'requires_capture') return { ok: true, authorizationId: intent.id };
      // Anything else (a card asking for authentication) holds nothing we can use: release it.
      await voidIntent(intent.id);
      return { ok: false, code: 'declined', message: DECLINED_MESSAGE };
    }
    const error = errorOf(body);
    if (status === 409 && error.code === 'idempotency_key_in_use') return 'in_use';
    if (error.type === 'idempotency_error') throw new PaymentReferenceConflict(error.message ?? 'This reference was used with other parameters.');
    if (error.type === 'card_error') {
      const message = error.message ?? DECLINED_MESSAGE;
      if (error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds')
        return { ok: false, code: 'insufficient_funds', message };
      if (error.code === 'processing_error') return { ok: false, code: 'processing_error', message };
      return { ok: false, code: 'declined', message };
    }
    // A refused request (bad token, rate limit): nothing was authorized.
    return { ok: false, code: 'processing_error', message: TIMEOUT_MESSAGE };
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

  return {
    name: 'stripe',

    async authorize(request) {
      try {
        // Another request with this key still in flight: Stripe asks us to retry; it then answers the first result.
        for (let attempt = 0; attempt <= IN_USE_RETRIES; attempt++) {
          const result = await authorizeOnce(request);
          if (result !== 'in_use') return result;
          await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
        }
        return { ok: false, code: 'timeout', message: TIMEOUT_MESSAGE };
      } catch (err) {
        if (err instanceof Unanswered) return { ok: false, code: 'timeout', message: TIMEOUT_MESSAGE };
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
