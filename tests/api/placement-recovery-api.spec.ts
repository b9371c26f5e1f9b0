import { expect, test, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readCheckoutView } from '#src/server/checkout/checkout-service.ts';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import type { PaymentGateway } from '#src/server/payments/gateway.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { ORDER_TECHNICAL_PROBLEM } from '#src/lib/checkout/order-messages.ts';
import { e2eDb } from '../helpers/e2e-db.ts';
import { SHIP_TO } from '../helpers/place-order-http.ts';

/**
 * A bag left mid-payment by an app instance that died (here: this test, placing the order straight on the store's
 * database with a gateway that authorizes and never answers) is settled by the shopper's next request once the
 * placement's lease has run out: the store voids the hold, gives the stock back and lets the request go ahead.
 */
const SKU = 'fb-1003-nvy-L';
const OTHER_SKU = 'fb-1004-tea-L';

const ok = async (res: import('@playwright/test').APIResponse) => {
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).body;
};

async function readyBag(r: APIRequestContext): Promise<{ basketId: string; orderTotal: number; itemId: string }> {
  await ok(await r.post('/api/checkout/product/add_to_cart', { data: { productId: SKU, quantity: 1 } }));
  await ok(await r.post('/api/checkout/email/', { data: { email: `lapsed-${randomUUID().slice(0, 8)}@example.com` } }));
  await ok(await r.post('/api/checkout/shipping_address/create/', { data: { address: SHIP_TO } }));
  await ok(await r.post('/api/checkout/shipping_method/', { data: { shippingMethodId: 'Regular', confirm: true } }));
  const year = new Date().getFullYear() + 2;
  const token = await r.post('/sandbox-gateway/v1/tokens', {
    headers: { authorization: 'Bearer pk_test_sandbox' },
    form: {
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': String(year),
      'card[cvc]': '123',
      'card[name]': 'Ann Lee',
    },
  });
  const { id } = await token.json();
  const paid = await ok(
    await r.post('/api/checkout/payment_method/update/', {
      data: {
        card: { token: id },
        billingSameAsShipping: true,
      },
    }),
  );
  const basket = paid.checkout.basket;
  return { basketId: basket.basketId, orderTotal: basket.orderTotal, itemId: basket.productItems[0].itemId };
}

test('a bag whose placement outlived its lease is settled by the next request for it, which then goes ahead', async ({ playwright, baseURL }) => {
  const db = e2eDb();
  const sandbox = sandboxGateway({ database: async () => db, timeoutMs: 1000 });
  const answerless: PaymentGateway = {
    ...sandbox,
    authorize: async (request) => {
      await sandbox.authorize(request);
      return new Promise<never>(() => {});
    },
  };
  const stock = async () => (await db.kysely.selectFrom('stock').select('on_hand').where('sku', '=', SKU).executeTakeFirstOrThrow()).on_hand;
  try {
    for (const next of ['a bag edit', 'a retry with the key'] as const) {
      const shopper = await playwright.request.newContext({ baseURL });
      const bag = await readyBag(shopper);
      const usid = (await shopper.storageState()).cookies.find((c) => c.name === 'usid')!.value;
      const key = randomUUID();
      const before = await stock();
      // The instance that dies: the amount is held, the order never committed.
      // Priced here as that instance would (this process's configuration may differ from the server's).
      const total = (await readCheckoutView(db, bag.basketId, null)).basket.orderTotal;
      void placeOrder(
        db,
        answerless,
        { bagId: bag.basketId, customerId: null, idempotencyKey: `${usid}:${key}`, body: { orderTotal: bag.orderTotal }, expectedTotal: total },
        1000,
      );
      const attempt = () =>
        db.kysely.selectFrom('checkout_attempts').select(['id', 'state']).where('idempotency_key', '=', `${usid}:${key}`).executeTakeFirst();
      await expect.poll(async () => (await attempt())?.state).toBe('authorizing');
      const attemptId = (await attempt())!.id;
      await expect.poll(async () => (await sandbox.findByReference(attemptId)).map((a) => a.status)).toEqual(['authorized']);
      expect(await stock()).toBe(before - 1);

      // While the lease runs, the bag is being placed.
      const early = await shopper.post('/api/checkout/product/add_to_cart', { data: { productId: OTHER_SKU, quantity: 1 } });
      expect(early.status()).toBe(409);
      // The lease runs out (as the clock would make it).
      await db.kysely
        .updateTable('checkout_attempts')
        .set({ lease_until: new Date(Date.now() - 1).toISOString() })
        .where('id', '=', attemptId)
        .execute();

      if (next === 'a bag edit') {
        const changed = await ok(
          await shopper.post('/api/checkout/basket/update/updateBasketItem', { data: { itemId: bag.itemId, body: { quantity: 2 } } }),
        );
        expect(changed.basket.productItems.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity])).toEqual([[SKU, 2]]);
      } else {
        const retry = await shopper.post('/api/checkout/payment_place_order/create/', {
          data: { orderTotal: bag.orderTotal },
          headers: { 'idempotency-key': key },
        });
        expect([retry.status(), retry.headers()['idempotent-replayed'], (await retry.json()).message]).toEqual([
          503,
          'true',
          ORDER_TECHNICAL_PROBLEM,
        ]);
      }
      expect(await sandbox.findByReference(attemptId)).toEqual([expect.objectContaining({ status: 'voided' })]);
      expect((await attempt())?.state).toBe('done');
      expect(await stock()).toBe(before);
      await shopper.dispose();
    }
  } finally {
    await db.kysely.destroy();
  }
});
