import http from 'node:http';
import https from 'node:https';
import { appleValidationUrl, type MerchantValidator } from './merchant-validator.ts';
import type { MerchantSession } from '#src/lib/wallet/wallet-replies.ts';

/**
 * Merchant validation with Apple: POST {merchantIdentifier, displayName, initiative: 'web', initiativeContext: our
 * domain} to the payment session endpoint the browser named, over mutual TLS with the merchant identity certificate
 * and its key. The URL is checked against Apple's hosts first (appleValidationUrl); a URL off them is refused before
 * any connection, so the certificate is never presented to a host a browser chose. `baseUrl`
 * (APPLE_PAY_VALIDATION_URL) replaces Apple's origin, keeping the checked path: a stand-in in the tests, or a proxy
 * the operator runs. Nothing is retried: a session is good for one payment sheet.
 */
export interface AppleValidatorOptions {
  merchantId: string;
  /** PEM text of the merchant identity certificate and its private key. */
  cert: string;
  key: string;
  baseUrl?: string;
  /** Extra trusted roots (PEM): a stand-in's own certificate in the tests. */
  ca?: string;
  timeoutMs: number;
}

export function appleValidator(options: AppleValidatorOptions): MerchantValidator {
  return {
    name: 'apple',
    async validate(request) {
      const checked = appleValidationUrl(request.validationUrl);
      if (!checked) return { ok: false, code: 'bad_url' };
      const target = options.baseUrl ? new URL(checked.pathname, options.baseUrl) : checked;
      const body = JSON.stringify({
        merchantIdentifier: options.merchantId,
        displayName: request.displayName.slice(0, 64),
        initiative: 'web',
        initiativeContext: request.domainName,
      });
      const answer = await post(target, body, options);
      if (answer === 'unavailable') return { ok: false, code: 'unavailable' };
      if (answer.status !== 200) return { ok: false, code: 'refused' };
      const session = parseSession(answer.text);
      return session ? { ok: true, session } : { ok: false, code: 'refused' };
    },
  };
}

function parseSession(text: string): MerchantSession | null {
  try {
    const value = JSON.parse(text) as Partial<MerchantSession>;
    if (typeof value.merchantSessionIdentifier !== 'string' || typeof value.signature !== 'string') return null;
    if (typeof value.expiresAt !== 'number' || typeof value.epochTimestamp !== 'number') return null;
    return value as MerchantSession;
  } catch {
    return null;
  }
}

function post(url: URL, body: string, options: AppleValidatorOptions): Promise<{ status: number; text: string } | 'unavailable'> {
  return new Promise((resolve) => {
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const done = (res: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => resolve('unavailable'));
    };
    const req =
      url.protocol === 'https:'
        ? https.request(url, { method: 'POST', headers, cert: options.cert, key: options.key, ca: options.ca, timeout: options.timeoutMs }, done)
        : http.request(url, { method: 'POST', headers, timeout: options.timeoutMs }, done);
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve('unavailable'));
    req.end(body);
  });
}
