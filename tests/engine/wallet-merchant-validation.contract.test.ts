import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appleValidator } from '#src/server/wallet/apple-validator.ts';
import { embeddedValidator } from '#src/server/wallet/embedded-validator.ts';
import { APPLE_PAY_HOSTS, MERCHANT_SESSION_MS, type MerchantValidator } from '#src/server/wallet/merchant-validator.ts';
import { startApplePayStandIn, type ApplePayStandIn } from '../helpers/apple-pay-stand-in.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

/**
 * One contract, two merchant validators: the embedded one (its sessions in the test database: SQLite, or PostgreSQL
 * when DATABASE_URL is set) and the Apple adapter over mutual TLS against a local stand-in of Apple's payment session
 * endpoint (tests/helpers/apple-pay-stand-in.ts says what it checks).
 */
const VALIDATION_URL = 'https://apple-pay-gateway.apple.com/paymentservices/paymentSession';
const OFF_APPLE = [
  'http://apple-pay-gateway.apple.com/paymentservices/paymentSession',
  'https://apple-pay-gateway.apple.com.attacker.example/paymentservices/paymentSession',
  'https://attacker.example/paymentservices/paymentSession',
  'https://apple-pay-gateway.apple.com:8443/paymentservices/paymentSession',
  'https://user@apple-pay-gateway.apple.com/paymentservices/paymentSession',
  'https://apple-pay-gateway.apple.com/paymentservices/other',
  'https://127.0.0.1/paymentservices/paymentSession',
  'https://169.254.169.254/paymentservices/paymentSession',
  'not a url',
];

let testDb: TestDb;
let standIn: ApplePayStandIn;

beforeAll(async () => {
  testDb = await freshDb({ seed: false });
  standIn = await startApplePayStandIn();
  // Migrating a PostgreSQL schema and making three RSA keys take a while on a busy machine.
}, 60_000);
afterAll(async () => {
  await standIn.close();
  await testDb.cleanup();
});

const subjects: [string, () => { validator: MerchantValidator; domainName: string; requestsSeen: () => number }][] = [
  ['embedded', () => ({ validator: embeddedValidator({ database: async () => testDb.db }), domainName: 'localhost', requestsSeen: () => 0 })],
  [
    'Apple adapter against the stand-in',
    () => ({
      validator: appleValidator({
        merchantId: standIn.merchantId,
        cert: standIn.merchantCert,
        key: standIn.merchantKey,
        ca: standIn.ca,
        baseUrl: standIn.baseUrl,
        timeoutMs: 5_000,
      }),
      domainName: standIn.registeredDomain,
      requestsSeen: () => standIn.requests().length,
    }),
  ],
];

describe.each(subjects)('merchant validation: %s', (_name, make) => {
  it("answers a merchant session in Apple's shape, valid for five minutes, for our domain", async () => {
    const { validator, domainName } = make();
    for (const url of [VALIDATION_URL, 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession']) {
      const result = await validator.validate({ validationUrl: url, domainName, displayName: 'Seven Brands' });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const s = result.session;
      expect(s.merchantSessionIdentifier).toMatch(/^\w{16,}$/);
      expect(s.expiresAt - s.epochTimestamp).toBe(MERCHANT_SESSION_MS);
      expect(s.domainName).toBe(domainName);
      expect(s.displayName).toBe('Seven Brands');
      expect(typeof s.nonce).toBe('string');
      expect(Buffer.from(s.signature, 'base64').length).toBeGreaterThan(0);
    }
  });

  it.each(OFF_APPLE)('refuses the validation URL %s without contacting anyone', async (url) => {
    const { validator, domainName, requestsSeen } = make();
    const before = requestsSeen();
    expect(await validator.validate({ validationUrl: url, domainName, displayName: 'Seven Brands' })).toEqual({ ok: false, code: 'bad_url' });
    expect(requestsSeen()).toBe(before);
  });

  it('gives every session its own identifier', async () => {
    const { validator, domainName } = make();
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const r = await validator.validate({ validationUrl: VALIDATION_URL, domainName, displayName: 'Seven Brands' });
      if (r.ok) ids.add(r.session.merchantSessionIdentifier);
    }
    expect(ids.size).toBe(5);
  });
});

describe("Apple's host list", () => {
  it("holds the global, China and sandbox payment session hosts and only Apple's", () => {
    for (const host of [
      'apple-pay-gateway.apple.com',
      'cn-apple-pay-gateway.apple.com',
      'apple-pay-gateway-cert.apple.com',
      'apple-pay-gateway-nc-pod5.apple.com',
    ]) {
      expect(APPLE_PAY_HOSTS.has(host)).toBe(true);
    }
    for (const host of APPLE_PAY_HOSTS) expect(host.endsWith('.apple.com')).toBe(true);
  });
});

describe('embedded sessions are used once', () => {
  it('refuses a session used before, one expired and one never issued', async () => {
    let clock = Date.parse('2026-11-27T12:00:00Z');
    const validator = embeddedValidator({ database: async () => testDb.db, now: () => clock });
    const issue = async () => {
      const r = await validator.validate({ validationUrl: VALIDATION_URL, domainName: 'localhost', displayName: 'Seven Brands' });
      if (!r.ok) throw new Error('no session');
      return r.session.merchantSessionIdentifier;
    };
    const first = await issue();
    expect(await validator.useSession(first)).toBe('ok');
    expect(await validator.useSession(first)).toBe('used');
    const late = await issue();
    clock += MERCHANT_SESSION_MS;
    expect(await validator.useSession(late)).toBe('expired');
    expect(await validator.useSession('0123456789ABCDEF0123456789ABCDEF')).toBe('unknown');
  });

  it('lets one of 20 simultaneous uses of a session through, on two app instances', async () => {
    const one = embeddedValidator({ database: async () => testDb.db });
    const other = embeddedValidator({ database: async () => testDb.another() });
    const r = await one.validate({ validationUrl: VALIDATION_URL, domainName: 'localhost', displayName: 'Seven Brands' });
    if (!r.ok) throw new Error('no session');
    const id = r.session.merchantSessionIdentifier;
    const uses = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : other).useSession(id)));
    expect(uses.filter((u) => u === 'ok')).toHaveLength(1);
    expect(uses.filter((u) => u === 'used')).toHaveLength(19);
  });
});

describe('the Apple adapter', () => {
  const adapter = (over: Partial<Parameters<typeof appleValidator>[0]> = {}) =>
    appleValidator({
      merchantId: standIn.merchantId,
      cert: standIn.merchantCert,
      key: standIn.merchantKey,
      ca: standIn.ca,
      baseUrl: standIn.baseUrl,
      timeoutMs: 5_000,
      ...over,
    });

  it("posts Apple's request body: the merchant, the display name, initiative web and our domain", async () => {
    const before = standIn.requests().length;
    await adapter().validate({ validationUrl: VALIDATION_URL, domainName: standIn.registeredDomain, displayName: 'Seven Brands' });
    expect(standIn.requests().slice(before)).toEqual([
      {
        path: '/paymentservices/paymentSession',
        body: { merchantIdentifier: standIn.merchantId, displayName: 'Seven Brands', initiative: 'web', initiativeContext: standIn.registeredDomain },
      },
    ]);
  });

  it('is refused for a domain not registered for the merchant', async () => {
    const r = await adapter().validate({ validationUrl: VALIDATION_URL, domainName: 'other.example', displayName: 'Seven Brands' });
    expect(r).toEqual({ ok: false, code: 'refused' });
  });

  it('gets no session with a certificate that is not the merchant identity certificate', async () => {
    const r = await adapter({ cert: standIn.strangerCert, key: standIn.strangerKey }).validate({
      validationUrl: VALIDATION_URL,
      domainName: standIn.registeredDomain,
      displayName: 'Seven Brands',
    });
    expect(r.ok).toBe(false);
  });

  it('answers unavailable when the endpoint does not answer', async () => {
    const r = await adapter({ baseUrl: 'https://127.0.0.1:1' }).validate({
      validationUrl: VALIDATION_URL,
      domainName: standIn.registeredDomain,
      displayName: 'x',
    });
    expect(r).toEqual({ ok: false, code: 'unavailable' });
  });
});
