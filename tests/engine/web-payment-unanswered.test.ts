import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxWebPayment } from '#src/server/payments/paypal-sandbox/sandbox-web-payment.ts';
import { databaseOrderIndex } from '#src/server/payments/paypal/order-index.ts';
import { paypalWebPayment } from '#src/server/payments/paypal/paypal-web-payment.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

/** When the provider does not answer, the outcome is unknown: authorize and capture say timeout, never a refusal. */
describe('a web payment provider that does not answer', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await freshDb({ seed: false });
  });
  afterAll(() => testDb.cleanup());

  it('PayPal unreachable: authorize and capture answer timeout', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const provider = paypalWebPayment({
      clientId: 'id',
      clientSecret: 'secret',
      environment: 'sandbox',
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 1000,
      index: databaseOrderIndex(async () => testDb.db),
    });
    expect(await provider.authorizeOrder('5O190127TN364715T', 'place-1')).toMatchObject({ ok: false, code: 'timeout' });
    expect(await provider.captureAuthorization('0VF52814937998046', 'place-1')).toEqual({ ok: false, code: 'timeout' });
  });

  it('the sandbox: a call whose request id another call is still working on past the timeout answers timeout', async () => {
    const provider = sandboxWebPayment({ database: async () => testDb.db, approvalBase: 'http://127.0.0.1:1/sandbox-paypal', timeoutMs: 200 });
    const orderId = 'ABCDEFGHJKLMNPRS0';
    await testDb.db.kysely
      .insertInto('paypal_sandbox_requests')
      .values({ request_key: `authorize:${orderId}:place-2`, fingerprint: orderId, reply: null, created_at: new Date().toISOString() })
      .execute();
    expect(await provider.authorizeOrder(orderId, 'place-2')).toMatchObject({ ok: false, code: 'timeout' });
  });
});
