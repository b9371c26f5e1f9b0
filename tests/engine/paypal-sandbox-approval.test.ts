import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPaypalMount, SANDBOX_PAYPAL_PATH } from '#src/server/payments/paypal-sandbox/approval-mount.ts';
import { sandboxWebPayment } from '#src/server/payments/paypal-sandbox/sandbox-web-payment.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

/** The sandbox's approval page refuses what PayPal's page would not offer, and stays off unless asked for. */
describe('the PayPal sandbox approval page', () => {
  let testDb: TestDb;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    testDb = await freshDb({ seed: false });
    const on = sandboxPaypalMount(async () => testDb.db, true);
    const off = sandboxPaypalMount(async () => testDb.db, false);
    server = http.createServer((req, res) => {
      const mount = req.headers['x-mount'] === 'off' ? off : on;
      if (!mount(req, res)) res.writeHead(418).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SANDBOX_PAYPAL_PATH}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await testDb.cleanup();
  });

  const provider = () => sandboxWebPayment({ database: async () => testDb.db, approvalBase: base, timeoutMs: 1000 });
  const order = () =>
    provider().createOrder({
      breakdown: { itemTotalCents: 5_000, shippingCents: 0, taxCents: 0, handlingCents: 0, discountCents: 0 },
      currency: 'USD',
      reference: `ref-${Math.random()}`,
      requestId: `req-${Math.random()}`,
      returnUrl: 'http://127.0.0.1:4321/return',
      cancelUrl: 'http://127.0.0.1:4321/cancel',
    });

  it('shows the amount to approve', async () => {
    const { approvalUrl } = await order();
    expect(await (await fetch(approvalUrl)).text()).toContain('Pay $50.00 USD with PayPal');
  });

  it('answers 404 for an unknown order and for another path, 400 for a choice it does not offer', async () => {
    expect((await fetch(`${base}/checkoutnow?token=0ABCDEFGHJKLMNPRS`)).status).toBe(404);
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
    const { approvalUrl } = await order();
    const answer = await fetch(approvalUrl, { method: 'POST', body: new URLSearchParams({ choice: 'steal' }), redirect: 'manual' });
    expect(answer.status).toBe(400);
    const elsewhere = await fetch(approvalUrl, {
      method: 'POST',
      body: new URLSearchParams({ choice: 'approve', shipTo: 'moon' }),
      redirect: 'manual',
    });
    expect(elsewhere.status).toBe(400);
  });

  it('pays as the test buyer and offers the buyer’s addresses to ship to, the first chosen', async () => {
    const { approvalUrl } = await order();
    const html = await (await fetch(approvalUrl)).text();
    expect(html).toContain('Paying as Sandy Buyer (sandbox.buyer@example.com)');
    expect(html).toContain('<legend>Ship to</legend>');
    expect(html).toMatch(/value="home" checked> Home: 1200 Congress Ave, Apt 4B, Austin, TX 78701/);
    expect(html).toContain('P.O. box: PO Box 4521, Austin, TX 78765');
    expect(html).toContain('Work: 2211 N First St, San Jose, CA 95131');
    expect(html).toContain('Studio: 800 SW Broadway, Portland, OR 97205');
    expect(html).toContain('The store shows its final total, with the tax for the address you ship to, before it places your order.');
  });

  it('refuses a choice posted from another site, and the order still awaits approval', async () => {
    const { approvalUrl, orderId } = await order();
    const answer = await fetch(approvalUrl, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site' },
      body: new URLSearchParams({ choice: 'approve' }),
      redirect: 'manual',
    });
    expect(answer.status).toBe(403);
    expect((await provider().getOrder(orderId))?.status).toBe('created');
  });

  it('is not served when another web payment provider is configured', async () => {
    const { approvalUrl } = await order();
    expect((await fetch(approvalUrl, { headers: { 'x-mount': 'off' } })).status).toBe(418);
  });
});
