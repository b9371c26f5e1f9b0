import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { SANDBOX_PAYPAL_PATH } from '#src/server/payments/paypal-sandbox/approval-mount.ts';
import { sandboxWebPayment } from '#src/server/payments/paypal-sandbox/sandbox-web-payment.ts';
import { e2eDb } from '../helpers/e2e-db.ts';

/**
 * The production server serves the PayPal sandbox's approval page before the store (WEB_PAYMENT=embedded, the
 * default), behind the same front door: the shopper sees the amount, chooses, and is sent back to the store.
 */
test('the PayPal sandbox approval page shows the amount and sends the shopper back to the return URL', async ({ request, baseURL }) => {
  const db = e2eDb();
  try {
    const provider = sandboxWebPayment({ database: async () => db, approvalBase: `${baseURL}${SANDBOX_PAYPAL_PATH}`, timeoutMs: 5_000 });
    const reference = `api-${randomUUID()}`;
    const { orderId, approvalUrl } = await provider.createOrder({
      breakdown: { itemTotalCents: 5_900, shippingCents: 895, taxCents: 0, handlingCents: 0, discountCents: 0 },
      currency: 'USD',
      reference,
      requestId: reference,
      returnUrl: `${baseURL}/checkout`,
      cancelUrl: `${baseURL}/cart`,
    });
    const page = await request.get(approvalUrl);
    expect(page.status()).toBe(200);
    expect(page.headers()['content-type']).toContain('text/html');
    expect(await page.text()).toContain('Pay $67.95 USD with PayPal');
    const chosen = await request.post(approvalUrl, { form: { choice: 'approve' }, maxRedirects: 0 });
    expect(chosen.status()).toBe(303);
    const back = new URL(chosen.headers().location ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${baseURL}/checkout`);
    expect(back.searchParams.get('token')).toBe(orderId);
    expect((await provider.getOrder(orderId))?.status).toBe('approved');
  } finally {
    await db.kysely.destroy();
  }
});
