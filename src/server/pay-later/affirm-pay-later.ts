import * as v from 'valibot';
import { PAYMENT_METHOD_NAMES } from '#src/lib/payment-method-names.ts';
import { PAY_LATER_MESSAGE, type PayLaterOffer, type PayLaterPlacement } from '#src/lib/pay-later/pay-later-rules.ts';
import type { PayLaterProvider } from './pay-later-provider.ts';

/**
 * Affirm's promotional messaging (the Promos API: GET {base}/api/promos/v2/{public_api_key}?amount=&page_type=&
 * field=ala), the "as low as" line Affirm's own script would render, asked for from the server so no third-party
 * script is loaded. The reply is validated, not trusted, and converted here: an `ala` line means Affirm offers
 * financing for the amount; an empty one, or an amount outside the offer's loan limits, means it does not.
 * A failure (network, timeout, a non-2xx, a reply of another shape) answers null and is logged at most once a
 * minute while it lasts, naming the failure only: no amount, no key, nothing of the shopper.
 */
export interface AffirmOptions {
  /** https://www.affirm.com in production, https://sandbox.affirm.com for Affirm's sandbox. */
  baseUrl: string;
  publicKey: string;
  timeoutMs: number;
  log?: (line: string) => void;
  /** The clock the answers' ages are read from (tests move it). */
  now?: () => number;
}

/**
 * Affirm's answer for an amount and page is kept for OFFER_TTL_MS, so a checkout read (each step save answers the
 * checkout) does not wait on Affirm each time; a failure is kept FAILURE_TTL_MS, so an outage costs one timeout per
 * half minute rather than one per read. At most OFFER_CACHE_ENTRIES are kept (oldest out first): amounts are
 * the shoppers' own, so the cache must not grow with them.
 */
export const OFFER_TTL_MS = 10 * 60_000;
export const FAILURE_TTL_MS = 30_000;
export const OFFER_CACHE_ENTRIES = 1000;

const text = v.optional(v.nullable(v.string()), '');
const limit = v.optional(v.nullable(v.number()), null);

const PromoReply = v.object({
  promo: v.object({ ala: text, html_ala: text }),
  offer: v.optional(v.nullable(v.object({ minimum_loan_amount: limit, maximum_loan_amount: limit })), null),
});

/** Affirm's page types for where the message is shown. */
const PAGE_TYPE: Record<PayLaterPlacement, string> = { payment: 'payment', bag: 'cart' };

export function affirmPayLater(options: AffirmOptions): PayLaterProvider {
  const report = logOutageOnce(options.log ?? ((line) => console.error(line)));
  const now = options.now ?? Date.now;
  const kept = new Map<string, { offer: PayLaterOffer | null; until: number }>();
  const ask = async (amountCents: number, placement: PayLaterPlacement): Promise<{ offer: PayLaterOffer | null; ttl: number }> => {
    try {
      const url = new URL(`${options.baseUrl}/api/promos/v2/${encodeURIComponent(options.publicKey)}`);
      url.searchParams.set('amount', String(amountCents));
      url.searchParams.set('page_type', PAGE_TYPE[placement]);
      url.searchParams.set('field', 'ala');
      const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs) });
      if (!response.ok) throw new Error(`Affirm answered ${response.status}`);
      const reply = v.parse(PromoReply, await response.json());
      const ala = (reply.promo.ala ?? '').trim();
      const { minimum_loan_amount: min = null, maximum_loan_amount: max = null } = reply.offer ?? {};
      if (!ala || (min !== null && amountCents < min) || (max !== null && amountCents > max)) return { offer: null, ttl: OFFER_TTL_MS };
      return { offer: { provider: 'Affirm', method: PAYMENT_METHOD_NAMES.affirm, message: PAY_LATER_MESSAGE, asLowAs: ala }, ttl: OFFER_TTL_MS };
    } catch (error) {
      report(error);
      return { offer: null, ttl: FAILURE_TTL_MS };
    }
  };
  return {
    kind: 'affirm',
    async offer(amountCents, placement) {
      const key = `${placement}:${amountCents}`;
      const hit = kept.get(key);
      if (hit && hit.until > now()) return hit.offer;
      const { offer, ttl } = await ask(amountCents, placement);
      kept.delete(key);
      kept.set(key, { offer, until: now() + ttl });
      if (kept.size > OFFER_CACHE_ENTRIES) kept.delete(kept.keys().next().value as string);
      return offer;
    },
  };
}

function logOutageOnce(log: (line: string) => void): (error: unknown) => void {
  let lastLogged = Number.NEGATIVE_INFINITY;
  return (error) => {
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    const reason =
      error instanceof v.ValiError
        ? 'a reply of another shape'
        : error instanceof Error
          ? error.name === 'TimeoutError'
            ? 'no answer in time'
            : error.message
          : 'an unknown error';
    log(`[pay-later] Affirm failed (${reason}); the financing message is not shown`);
  };
}
