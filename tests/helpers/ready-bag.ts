import { addItem } from '#src/server/commerce/basket.ts';
import { confirmShippingMethod, readCheckoutView, setEmail, setPayment, setShippingAddress } from '#src/server/checkout/checkout-service.ts';
import { cardFromGateway } from '#src/server/checkout/card-on-file.ts';
import type { Db } from '#src/server/db/database.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { createSandboxToken } from '#src/server/payments/sandbox/tokens.ts';
import { TEST_ADDRESS } from './checkout-fixtures.ts';

/** A sandbox card token for a test card number (its outcome is the number's: tests/engine/place-order.test.ts). */
export async function sandboxToken(db: Db, number: string): Promise<string> {
  const form = new URLSearchParams({
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': '2034',
    'card[cvc]': number.startsWith('37') ? '1234' : '123',
    'card[name]': 'Ada Lovelace',
  });
  const reply = await createSandboxToken(db, form);
  if (reply.status !== 200) throw new Error(`tokenization failed: ${JSON.stringify(reply.body)}`);
  return (reply.body as { id: string }).id;
}

/** A guest bag ready to order: one line of `sku`, e-mail, address, method, and a card that behaves as `number` says. */
export async function readyBag(db: Db, sku: string, number = '4242424242424242', quantity = 1): Promise<{ basketId: string; total: number }> {
  const { basketId } = await addItem(db, null, { productId: sku, quantity } as never);
  await setEmail(db, basketId, 'ada@example.com', false);
  await setShippingAddress(db, basketId, TEST_ADDRESS, null);
  await confirmShippingMethod(db, basketId, 'Regular');
  await setPayment(db, basketId, {
    card: await cardFromGateway(sandboxGateway({ database: async () => db, timeoutMs: 2000 }), await sandboxToken(db, number), null),
    savedCardId: null,
    billingSame: true,
    billingAddress: null,
    customerId: null,
  });
  const view = await readCheckoutView(db, basketId, null);
  if (view._flash.length > 0) throw new Error(`the bag is not ready: ${view._flash.map((f) => f.type).join(', ')}`);
  return { basketId, total: view.basket.orderTotal };
}
