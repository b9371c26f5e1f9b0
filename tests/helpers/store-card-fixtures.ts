import { randomInt } from 'node:crypto';
import { addItem } from '#src/server/commerce/basket.ts';
import { confirmShippingMethod, readCheckoutView, setEmail, setPayment, setShippingAddress } from '#src/server/checkout/checkout-service.ts';
import type { Db } from '#src/server/db/database.ts';
import { openStoreCardAccount, verifyStoreCard, type StoreCardAccount } from '#src/server/store-card/accounts.ts';
import { storeCardPayment } from '#src/server/store-card/store-card-payment.ts';
import { TEST_ADDRESS } from './checkout-fixtures.ts';

/** A store card number of the 627800 range (16 digits), different on every call. */
export const storeCardNumber = () => `627800${String(randomInt(0, 1e10)).padStart(10, '0')}`;

/** A store card account with this limit, held by `customerId` (or by no customer of the store), billed at TEST_ADDRESS. */
export async function storeCardAccount(db: Db, creditLimitCents: number, customerId: string | null = null, points = 0) {
  const number = storeCardNumber();
  const accountId = await openStoreCardAccount(db, {
    number,
    customerId,
    firstName: 'Ada',
    lastName: 'Lovelace',
    billingPostalCode: TEST_ADDRESS.postalCode,
    creditLimitCents,
    points,
  });
  return { number, accountId };
}

/** A guest bag ready to order, paid with the store card account. */
export async function storeCardBag(db: Db, sku: string, account: StoreCardAccount): Promise<{ basketId: string; total: number }> {
  const { basketId } = await addItem(db, null, { productId: sku, quantity: 1 } as never);
  await setEmail(db, basketId, 'ada@example.com', false);
  await setShippingAddress(db, basketId, TEST_ADDRESS, null);
  await confirmShippingMethod(db, basketId, 'Regular');
  await setPayment(db, basketId, { card: storeCardPayment(account), savedCardId: null, billingSame: true, billingAddress: null, customerId: null });
  const view = await readCheckoutView(db, basketId, null);
  if (view._flash.length > 0) throw new Error(`the bag is not ready: ${view._flash.map((f) => f.type).join(', ')}`);
  return { basketId, total: view.basket.orderTotal };
}

/** The account as a guest's number and billing ZIP code find it. */
export async function guestAccount(db: Db, number: string): Promise<StoreCardAccount> {
  const found = await verifyStoreCard(db, { number, customerId: null, billingPostalCode: TEST_ADDRESS.postalCode, client: 'test' });
  if (!found.ok) throw new Error('the store card was not verified');
  return found.account;
}
