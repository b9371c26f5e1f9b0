import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A local stand-in for Apple Pay's payment session endpoint, over HTTPS with mutual TLS, answering in Apple's shapes,
 * so the Apple adapter is tested offline. What it checks, as Apple does:
 * - the connection presents the merchant identity certificate (the TLS handshake fails without it or with another);
 * - POST to /paymentservices/paymentSession or /paymentservices/startSession with a JSON body;
 * - merchantIdentifier is the certificate's merchant, initiative is 'web', displayName has 1 to 64 characters, and
 *   initiativeContext is a domain registered for the merchant; otherwise 400 with Apple's
 *   { statusMessage, statusCode } error.
 * It answers 200 with a merchant session object (epochTimestamp, expiresAt five minutes later,
 * merchantSessionIdentifier, nonce, merchantIdentifier, domainName, displayName, signature, ...).
 * Its own certificate and the merchant's are made with openssl for each run.
 */
export interface ApplePayStandIn {
  baseUrl: string;
  merchantId: string;
  registeredDomain: string;
  /** The merchant identity certificate and key the adapter presents, and the stand-in's root to trust. */
  merchantCert: string;
  merchantKey: string;
  /** Another certificate, not the merchant's. */
  strangerCert: string;
  strangerKey: string;
  ca: string;
  /** Requests that reached the endpoint (after the handshake). */
  requests(): { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

function selfSigned(dir: string, name: string, subject: string, san?: string): { cert: string; key: string } {
  const key = join(dir, `${name}.key`);
  const cert = join(dir, `${name}.pem`);
  const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', subject];
  if (san) args.push('-addext', `subjectAltName=${san}`);
  execFileSync('openssl', args, { stdio: 'ignore' });
  return { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') };
}

export async function startApplePayStandIn(): Promise<ApplePayStandIn> {
  const dir = mkdtempSync(join(tmpdir(), 'apple-pay-stand-in-'));
  const merchantId = 'merchant.test.sevenbrands';
  const registeredDomain = 'shop.example.test';
  const server = selfSigned(dir, 'server', '/CN=127.0.0.1', 'IP:127.0.0.1');
  const merchant = selfSigned(dir, 'merchant', `/CN=${merchantId}`);
  const stranger = selfSigned(dir, 'stranger', '/CN=merchant.someone.else');
  rmSync(dir, { recursive: true, force: true });
  const seen: { path: string; body: Record<string, unknown> }[] = [];

  const httpsServer = https.createServer(
    { cert: server.cert, key: server.key, ca: merchant.cert, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const reply = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        const error = (message: string) => reply(400, { statusMessage: `Payment Services Exception ${message}`, statusCode: '400' });
        const path = new URL(req.url ?? '/', 'https://x').pathname;
        if (req.method !== 'POST' || !['/paymentservices/paymentSession', '/paymentservices/startSession'].includes(path)) {
          res.writeHead(404).end();
          return;
        }
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        } catch {
          error('Invalid session request -- invalid JSON');
          return;
        }
        seen.push({ path, body });
        if (body.merchantIdentifier !== merchantId) return error('Invalid session request -- missing merchant identifier');
        if (body.initiative !== 'web') return error('initiative not valid');
        const displayName = body.displayName;
        if (typeof displayName !== 'string' || displayName.length < 1 || displayName.length > 64) return error('displayName not valid');
        if (body.initiativeContext !== registeredDomain)
          return error(`merchantId=${merchantId} not registered for domain=${String(body.initiativeContext)}`);
        const now = Date.now();
        reply(200, {
          epochTimestamp: now,
          expiresAt: now + 5 * 60_000,
          merchantSessionIdentifier: `SSH${randomBytes(16).toString('hex').toUpperCase()}`,
          nonce: randomBytes(4).toString('hex'),
          merchantIdentifier: randomBytes(32).toString('hex').toUpperCase(),
          domainName: registeredDomain,
          displayName,
          signature: randomBytes(64).toString('base64'),
          operationalAnalyticsIdentifier: `${displayName}:${randomBytes(8).toString('hex')}`,
          retries: 0,
          pspId: randomBytes(32).toString('hex').toUpperCase(),
        });
      });
    },
  );
  await new Promise<void>((resolve) => httpsServer.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `https://127.0.0.1:${(httpsServer.address() as AddressInfo).port}`,
    merchantId,
    registeredDomain,
    merchantCert: merchant.cert,
    merchantKey: merchant.key,
    strangerCert: stranger.cert,
    strangerKey: stranger.key,
    ca: server.cert,
    requests: () => seen,
    async close() {
      httpsServer.closeAllConnections();
      await new Promise((resolve) => httpsServer.close(resolve));
    },
  };
}
