import type { MerchantSession } from '#src/lib/wallet/wallet-replies.ts';
/**
 * Apple Pay's merchant validation as the checkout sees it: the browser's payment sheet hands us a validation URL, the
 * server asks Apple (with the merchant identity certificate) for a merchant session, and the browser passes that
 * session on to the sheet (completeMerchantValidation). Two validators: the embedded one (offline, the default) and
 * the adapter posting to Apple (apple-validator.ts). docs/decisions.md "Apple Pay".
 */

export interface ValidationRequest {
  /** The URL the payment sheet gave the browser (ApplePayValidateMerchantEvent.validationURL). */
  validationUrl: string;
  /** Our own host name, from configuration: Apple checks it is a domain registered for the merchant. */
  domainName: string;
  /** The store's name on the payment sheet (at most 64 characters). */
  displayName: string;
}

/**
 * bad_url: the validation URL is not one of Apple's payment session endpoints. refused: the validator answered with
 * an error (an unregistered domain, a bad certificate). unavailable: no answer in time.
 */
export type ValidationResult = { ok: true; session: MerchantSession } | { ok: false; code: 'bad_url' | 'refused' | 'unavailable' };

export interface MerchantValidator {
  readonly name: string;
  validate(request: ValidationRequest): Promise<ValidationResult>;
}

/**
 * Apple's documented payment session hosts ("Setting Up Your Server", Apple Pay on the Web): the only hosts a
 * validation URL may name. A merchant identity certificate is never presented anywhere else, whatever a browser sends.
 */
export const APPLE_PAY_HOSTS: ReadonlySet<string> = new Set([
  'apple-pay-gateway.apple.com',
  'cn-apple-pay-gateway.apple.com',
  'apple-pay-gateway-cert.apple.com',
  'cn-apple-pay-gateway-cert.apple.com',
  ...[1, 2, 3, 4, 5].flatMap((n) => [`apple-pay-gateway-nc-pod${n}.apple.com`, `apple-pay-gateway-pr-pod${n}.apple.com`]),
  ...[1, 2, 3].flatMap((n) => [`cn-apple-pay-gateway-sh-pod${n}.apple.com`, `cn-apple-pay-gateway-tj-pod${n}.apple.com`]),
]);

const SESSION_PATHS = new Set(['/paymentservices/paymentSession', '/paymentservices/startSession']);

/** The validation URL when it is https, on port 443, on one of Apple's hosts and a payment session path; else null. */
export function appleValidationUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return null;
  if (!APPLE_PAY_HOSTS.has(url.hostname) || !SESSION_PATHS.has(url.pathname) || url.search !== '') return null;
  return url;
}

/** How long Apple's merchant sessions last, and the embedded validator's. */
export const MERCHANT_SESSION_MS = 5 * 60_000;
