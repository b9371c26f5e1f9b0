import * as v from 'valibot';
import { APPLICATION_RESULTS, OFFER_TIMEOUT_MS } from '#src/lib/store-card-offer/offer-rules.ts';
import { NO_OFFER, type CreditBureau } from './credit-bureau.ts';

/**
 * Bread Financial's real-time prescreen (CREDIT_BUREAU=bread), over HTTP with fetch, converted to our types here:
 * - POST {base}/api/prescreen with the name and address (firstName, lastName, address1, city, state, zip, channel)
 *   answers { returnCode, prescreenId }: "01" pre-approved (a firm offer), "0" an account found (already a holder);
 *   "10" no hit, "11" invited to apply and "12" acknowledged are not firm offers, so no offer is shown.
 * - POST {base}/api/application with the prescreenId, the name and address and the applicant's answers answers
 *   { status: APPROVED | PENDING | DECLINED | ACCOUNT_EXISTS | ERROR, accountNumber, creditLimit (dollars) }.
 * Every reply is validated, not trusted. A failure (network, timeout, a non-2xx, another shape) is logged naming the
 * call and the failure only, never the applicant, and answered as no offer or ERROR.
 */
export interface BreadOptions {
  baseUrl: string;
  apiKey: string;
  /** The pre-screen's time limit (default: the offer timeout, OFFER_TIMEOUT_MS). */
  timeoutMs?: number;
  /** The application's time limit (default APPLICATION_TIMEOUT_MS). */
  applicationTimeoutMs?: number;
  log?: (line: string) => void;
}

/** An application is a credit decision: the issuer may take longer than a pre-screen. */
export const APPLICATION_TIMEOUT_MS = 15_000;

const PrescreenReply = v.object({
  returnCode: v.string(),
  prescreenId: v.optional(v.nullable(v.union([v.string(), v.number()])), null),
});

const ApplicationReply = v.object({
  status: v.picklist(APPLICATION_RESULTS),
  accountNumber: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^\d{16}$/))), null),
  creditLimit: v.optional(v.nullable(v.pipe(v.number(), v.minValue(0))), null),
});

const failureOf = (err: unknown) =>
  err instanceof v.ValiError
    ? 'a reply of another shape'
    : err instanceof Error
      ? err.name === 'TimeoutError'
        ? 'timed out'
        : err.message
      : 'failed';

export function breadBureau(options: BreadOptions): CreditBureau {
  const log = options.log ?? ((line) => console.error(line));
  const post = async (path: string, body: unknown, timeoutMs: number): Promise<unknown> => {
    const response = await fetch(`${options.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    return response.json();
  };
  return {
    kind: 'bread',
    async prescreen(a) {
      try {
        const body = {
          firstName: a.firstName,
          lastName: a.lastName,
          address1: a.address1,
          city: a.city,
          state: a.stateCode,
          zip: a.postalCode,
          channel: 'web',
        };
        const reply = v.parse(PrescreenReply, await post('/api/prescreen', body, options.timeoutMs ?? OFFER_TIMEOUT_MS));
        if (reply.returnCode === '0') return { outcome: 'card-holder', reference: null, creditLimitCents: null };
        if (reply.returnCode === '01' && reply.prescreenId !== null)
          return { outcome: 'offer', reference: String(reply.prescreenId), creditLimitCents: null };
        return NO_OFFER;
      } catch (err) {
        log(`[credit-bureau] the pre-screen failed: ${failureOf(err)}`);
        return NO_OFFER;
      }
    },
    async apply(reference, { applicant: a, phone, birthDate, ssnLast4 }) {
      try {
        const body = {
          prescreenId: reference,
          firstName: a.firstName,
          lastName: a.lastName,
          address1: a.address1,
          city: a.city,
          state: a.stateCode,
          zip: a.postalCode,
          mobilePhone: phone,
          dateOfBirth: birthDate,
          ssnLast4,
        };
        const reply = v.parse(ApplicationReply, await post('/api/application', body, options.applicationTimeoutMs ?? APPLICATION_TIMEOUT_MS));
        if (reply.status !== 'APPROVED') return { result: reply.status };
        if (!reply.accountNumber || reply.creditLimit === null) throw new Error('an approval without its account');
        return { result: 'APPROVED', accountNumber: reply.accountNumber, creditLimitCents: Math.round(reply.creditLimit * 100) };
      } catch (err) {
        log(`[credit-bureau] the application failed: ${failureOf(err)}`);
        return { result: 'ERROR' };
      }
    },
  };
}
