import * as v from 'valibot';
import { PAYMENT_METHOD_NAMES } from '#src/lib/payment-method-names.ts';
import { PAY_LATER_MESSAGE, type PayLaterPlacement } from '#src/lib/pay-later/pay-later-rules.ts';
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
}

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
  return {
    kind: 'affirm',
    async offer(amountCents, placement) {
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
        if (!ala || (min !== null && amountCents < min) || (max !== null && amountCents > max)) return null;
        return { provider: 'Affirm', method: PAYMENT_METHOD_NAMES.affirm, message: PAY_LATER_MESSAGE, asLowAs: ala };
      } catch (error) {
        report(error);
        return null;
      }
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
