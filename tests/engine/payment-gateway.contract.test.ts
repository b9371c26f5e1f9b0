import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizeCard, type CardTokenization } from '#src/lib/checkout/tokenize.ts';
import { PaymentReferenceConflict, type PaymentGateway } from '#src/server/payments/gateway.ts';
import { sandboxGatewayMount, SANDBOX_TOKENS_PATH } from '#src/server/payments/sandbox/mount.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { SANDBOX_PUBLISHABLE_KEY } from '#src/server/payments/sandbox/tokens.ts';
import { stripeGateway } from '#src/server/payments/stripe/stripe-gateway.ts';
import { freshDb } from '../helpers/db.ts';
import { startStripeStandIn } from '../helpers/stripe-stand-in.ts';

/**
 * One contract, two gateways: the embedded sandbox (its token endpoint served over HTTP by its mount, its vault in
 * the test database: SQLite, or PostgreSQL when DATABASE_URL is set) and the Stripe adapter against a local
 * stand-in answering in Stripe's shapes. The same test cards give the same outcomes through both.
 */
/** The gateway's timeout in these tests: short, so the card that hangs is given up on quickly. */
const TIMEOUT_MS = 1000;
/**
 * The timeout of the gateways the concurrency case uses: a hundred requests at once on a loaded machine may wait
 * longer than a second for their turn, and that case is about one authorization, not about the timeout.
 */
const PATIENT_TIMEOUT_MS = 20_000;

interface Subject {
  gateway: PaymentGateway;
  /** A second gateway as another app instance would have it. */
  secondInstance: PaymentGateway;
  /** Two instances' gateways with a long timeout. */
  patient: [PaymentGateway, PaymentGateway];
  where: CardTokenization;
  close(): Promise<void>;
}

async function sandboxSubject(): Promise<Subject> {
  const testDb = await freshDb({ seed: false });
  const mount = sandboxGatewayMount(async () => testDb.db, true);
  const server = http.createServer((req, res) => {
    if (!mount(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const second = testDb.another();
  return {
    gateway: sandboxGateway({ database: async () => testDb.db, timeoutMs: TIMEOUT_MS }),
    secondInstance: sandboxGateway({ database: async () => second, timeoutMs: TIMEOUT_MS }),
    patient: [
      sandboxGateway({ database: async () => testDb.db, timeoutMs: PATIENT_TIMEOUT_MS }),
      sandboxGateway({ database: async () => second, timeoutMs: PATIENT_TIMEOUT_MS }),
    ],
    where: { url: `http://127.0.0.1:${port}${SANDBOX_TOKENS_PATH}`, publishableKey: SANDBOX_PUBLISHABLE_KEY },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await testDb.cleanup();
    },
  };
}

async function stripeSubject(): Promise<Subject> {
  const standIn = await startStripeStandIn();
  const make = (timeoutMs = TIMEOUT_MS) => stripeGateway({ apiBase: standIn.apiBase, secretKey: standIn.secretKey, timeoutMs });
  return {
    gateway: make(),
    secondInstance: make(),
    patient: [make(PATIENT_TIMEOUT_MS), make(PATIENT_TIMEOUT_MS)],
    where: { url: `${standIn.apiBase}/v1/tokens`, publishableKey: standIn.publishableKey },
    close: standIn.close,
  };
}

const card = (number: string, cvc = '123') => ({ number, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc, holder: 'Sam Lee' });
let referenceCount = 0;
const newReference = () => `attempt-${process.pid}-${Date.now()}-${++referenceCount}`;

describe.each([
  ['the sandbox gateway', sandboxSubject],
  ['the Stripe adapter (against a stand-in)', stripeSubject],
])('%s', (_name, start) => {
  let s: Subject;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(() => s.close());

  async function tokenFor(number: string, cvc?: string) {
    const result = await tokenizeCard(s.where, card(number, cvc));
    if (!result.ok) throw new Error(`tokenization failed: ${result.message}`);
    return result.card;
  }

  it('tokenizes a card into token, last four, type, expiry and holder', async () => {
    const visa = await tokenFor('4242424242424242');
    expect(visa).toMatchObject({ last4: '4242', cardType: 'Visa', expMonth: 12, holder: 'Sam Lee' });
    expect(visa.token).toMatch(/^tok_/);
    const amex = await tokenFor('378282246310005', '1234');
    expect(amex).toMatchObject({ last4: '0005', cardType: 'American Express' });
  });

  it("describes a token from the gateway's own record, and knows no unknown or spent token", async () => {
    const { token } = await tokenFor('378282246310005', '1234');
    const year = new Date().getFullYear() + 3;
    expect(await s.gateway.describeToken(token)).toEqual({
      cardType: 'American Express',
      last4: '0005',
      expMonth: 12,
      expYear: year,
      holder: 'Sam Lee',
    });
    expect(await s.gateway.describeToken('tok_unknown0000000000')).toBeNull();
    await s.gateway.authorize({ source: { kind: 'token', token }, amountCents: 1_000, currency: 'USD', reference: newReference() });
    expect(await s.gateway.describeToken(token)).toBeNull();
  });

  it('a token pays once: a second authorization under another reference is refused and holds nothing', async () => {
    const { token } = await tokenFor('4242424242424242');
    const first = await s.gateway.authorize({ source: { kind: 'token', token }, amountCents: 1_000, currency: 'USD', reference: newReference() });
    expect(first.ok).toBe(true);
    const reference = newReference();
    const again = await s.secondInstance.authorize({ source: { kind: 'token', token }, amountCents: 1_000, currency: 'USD', reference });
    expect(again).toEqual({ ok: false, code: 'token_used', message: 'This card entry has already been used. Please enter your card again.' });
    expect(await s.gateway.findByReference(reference)).toEqual([]);
  });

  it('a saved card is a reusable payment method on one customer, paid with its security code; the wrong code (999) is declined', async () => {
    const { token } = await tokenFor('4242424242424242');
    const saved = await s.gateway.saveCard({ token, customerRef: null, reference: `save-${token}` });
    expect(saved?.card).toMatchObject({ cardType: 'Visa', last4: '4242', expMonth: 12 });
    if (!saved) throw new Error('the card was not saved');
    // Saving spends the token; a retried save answers the same method.
    expect(await s.gateway.describeToken(token)).toBeNull();
    expect(await s.gateway.saveCard({ token, customerRef: null, reference: `save-${token}` })).toEqual(saved);
    const source = { kind: 'saved', paymentMethodId: saved.paymentMethodId, customerRef: saved.customerRef } as const;
    for (let i = 0; i < 2; i++) {
      const paid = await s.gateway.authorize({ source, securityCode: '123', amountCents: 2_000, currency: 'USD', reference: newReference() });
      expect(paid.ok, `order ${i + 1}`).toBe(true);
    }
    const wrongCode = newReference();
    expect(await s.gateway.authorize({ source, securityCode: '999', amountCents: 2_000, currency: 'USD', reference: wrongCode })).toEqual({
      ok: false,
      code: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
    });
    expect(await s.gateway.findByReference(wrongCode)).toEqual([]);
    // A second card joins the same customer; a method paid under another customer is refused.
    const other = await tokenFor('5555555555554444');
    const second = await s.gateway.saveCard({ token: other.token, customerRef: saved.customerRef, reference: `save-${other.token}` });
    expect(second?.customerRef).toBe(saved.customerRef);
    const stranger = await s.gateway.authorize({
      source: { ...source, customerRef: 'cus_someoneelse' },
      securityCode: '123',
      amountCents: 2_000,
      currency: 'USD',
      reference: newReference(),
    });
    expect(stranger.ok).toBe(false);
  });

  it("refuses an invalid number with the provider's message, which never repeats the number", async () => {
    const result = await tokenizeCard(s.where, card('4242424242424241'));
    expect(result).toEqual({ ok: false, message: 'Your card number is incorrect.' });
  });

  it('approves 4242424242424242, 378282246310005 and any other valid number; the hold is found by reference, voided, and voided again', async () => {
    for (const [number, cvc] of [
      ['4242424242424242', '123'],
      ['378282246310005', '1234'],
      ['5555555555554444', '123'],
    ] as const) {
      const { token } = await tokenFor(number, cvc);
      const reference = newReference();
      const result = await s.gateway.authorize({ source: { kind: 'token', token }, amountCents: 5_999, currency: 'USD', reference });
      expect(result.ok).toBe(true);
      if (!result.ok) throw new Error(`${number} was not approved: ${result.message}`);
      expect(await s.gateway.findByReference(reference)).toEqual([
        { authorizationId: result.authorizationId, reference, amountCents: 5_999, status: 'authorized' },
      ]);
      await s.gateway.void(result.authorizationId);
      await s.gateway.void(result.authorizationId);
      expect((await s.gateway.findByReference(reference)).map((r) => r.status)).toEqual(['voided']);
    }
  });

  it.each([
    ['4000000000000002', 'declined', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000119', 'processing_error', 'An error occurred while processing your card. Try again in a little bit.'],
  ] as const)('%s is refused (%s) and leaves no authorization', async (number, code, message) => {
    const { token } = await tokenFor(number);
    const reference = newReference();
    expect(await s.gateway.authorize({ source: { kind: 'token', token }, amountCents: 1_000, currency: 'USD', reference })).toEqual({
      ok: false,
      code,
      message,
    });
    // Asked again, the same reference gives the same answer.
    expect(await s.gateway.authorize({ source: { kind: 'token', token }, amountCents: 1_000, currency: 'USD', reference })).toEqual({
      ok: false,
      code,
      message,
    });
    expect(await s.gateway.findByReference(reference)).toEqual([]);
  });

  it('4000000000007775 times out: the outcome is unknown to the client, but the hold exists, is found by reference and can be voided', async () => {
    const { token } = await tokenFor('4000000000007775');
    const reference = newReference();
    const result = await s.gateway.authorize({ source: { kind: 'token', token }, amountCents: 2_500, currency: 'USD', reference });
    expect(result).toMatchObject({ ok: false, code: 'timeout' });
    const found = await s.gateway.findByReference(reference);
    expect(found).toMatchObject([{ reference, amountCents: 2_500, status: 'authorized' }]);
    await s.gateway.void(found[0]?.authorizationId ?? '');
    expect((await s.gateway.findByReference(reference)).map((r) => r.status)).toEqual(['voided']);
  });

  it('100 concurrent authorizations with one reference, from two app instances, make one authorization and all get its answer', async () => {
    const { token } = await tokenFor('4242424242424242');
    const reference = newReference();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        s.patient[i % 2]!.authorize({ source: { kind: 'token', token }, amountCents: 4_200, currency: 'USD', reference }),
      ),
    );
    const first = results[0];
    expect(first?.ok).toBe(true);
    for (const r of results) expect(r).toEqual(first);
    expect(await s.gateway.findByReference(reference)).toHaveLength(1);
  });

  it('a reference reused with another amount is refused, not authorized again', async () => {
    const { token } = await tokenFor('4242424242424242');
    const reference = newReference();
    await s.gateway.authorize({ source: { kind: 'token', token }, amountCents: 1_000, currency: 'USD', reference });
    await expect(s.gateway.authorize({ source: { kind: 'token', token }, amountCents: 2_000, currency: 'USD', reference })).rejects.toBeInstanceOf(
      PaymentReferenceConflict,
    );
    expect(await s.gateway.findByReference(reference)).toHaveLength(1);
  });

  it('a reference reused with another card is refused without spending that card: it still pays once under a reference of its own', async () => {
    const first = await tokenFor('4242424242424242');
    const second = await tokenFor('378282246310005', '1234');
    const reference = newReference();
    await s.gateway.authorize({ source: { kind: 'token', token: first.token }, amountCents: 1_000, currency: 'USD', reference });
    await expect(
      s.gateway.authorize({ source: { kind: 'token', token: second.token }, amountCents: 1_000, currency: 'USD', reference }),
    ).rejects.toBeInstanceOf(PaymentReferenceConflict);
    expect(await s.gateway.describeToken(second.token)).not.toBeNull();
    const own = newReference();
    expect(
      await s.gateway.authorize({ source: { kind: 'token', token: second.token }, amountCents: 1_000, currency: 'USD', reference: own }),
    ).toMatchObject({
      ok: true,
    });
    expect(await s.gateway.findByReference(reference)).toHaveLength(1);
  });
});
