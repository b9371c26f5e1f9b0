import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCustomer } from '#src/server/accounts/accounts.ts';
import { addItem } from '#src/server/commerce/basket.ts';
import { confirmShippingMethod, readCheckoutView, setEmail, setShippingAddress } from '#src/server/checkout/checkout-service.ts';
import { EMPTY_RECORD, readCheckout, writeCheckout } from '#src/server/checkout/checkout-store.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';

/**
 * The checkout view reads the bag and its checkout record at once (not the record of the bag it read), and a step
 * writes only the fields it names. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

const SKU = 'fb-1002-olv-M';

async function bagWithCheckout(): Promise<string> {
  const { basketId } = await addItem(t.db, null, { productId: SKU, quantity: 1 } as never);
  await setEmail(t.db, basketId, 'given@example.com', true);
  await setShippingAddress(t.db, basketId, TEST_ADDRESS, null);
  await confirmShippingMethod(t.db, basketId, 'Regular');
  return basketId;
}

it("a bag that is no longer open reads as empty, and so does what was told its checkout; a signed-in shopper's e-mail is the account's", async () => {
  const customer = await createCustomer(t.db, { email: 'account@example.com', firstName: 'Ada', lastName: 'Lovelace', password: null });
  const basketId = await bagWithCheckout();
  expect((await readCheckoutView(t.db, basketId, null)).shippingAddress).toEqual(TEST_ADDRESS);
  // Placed by another request between the session's read and this one.
  await t.db.kysely.updateTable('baskets').set({ status: 'ordered' }).where('id', '=', basketId).execute();
  const guest = await readCheckoutView(t.db, basketId, null);
  expect(guest.basket.basketId).toBeNull();
  expect({ email: guest.email, shippingAddress: guest.shippingAddress, confirmed: guest.shippingMethodConfirmed }).toEqual({
    email: null,
    shippingAddress: null,
    confirmed: false,
  });
  const signedIn = await readCheckoutView(t.db, basketId, customer.id);
  expect({ email: signedIn.email, shippingAddress: signedIn.shippingAddress }).toEqual({ email: 'account@example.com', shippingAddress: null });
});

it('the e-mail given at the information step wins over the account e-mail; without one, the account e-mail is used', async () => {
  const customer = await createCustomer(t.db, { email: 'owner@example.com', firstName: 'Ada', lastName: 'Lovelace', password: null });
  const { basketId } = await addItem(t.db, null, { productId: SKU, quantity: 1 } as never);
  expect((await readCheckoutView(t.db, basketId, customer.id)).email).toBe('owner@example.com');
  await setEmail(t.db, basketId, 'given@example.com', false);
  expect((await readCheckoutView(t.db, basketId, customer.id)).email).toBe('given@example.com');
});

it('a write changes only the fields it names; the first write of a bag starts from the empty record', async () => {
  const { basketId } = await addItem(t.db, null, { productId: SKU, quantity: 1 } as never);
  await writeCheckout(t.db.kysely, basketId, { ecoship: true });
  expect(await readCheckout(t.db.kysely, basketId)).toEqual({ ...EMPTY_RECORD, ecoship: true });
  const told = await bagWithCheckout();
  const before = await readCheckout(t.db.kysely, told);
  await writeCheckout(t.db.kysely, told, { ecoship: true });
  await writeCheckout(t.db.kysely, told, { billingSame: false, billingAddress: { ...TEST_ADDRESS, city: 'Chicago' } });
  expect(await readCheckout(t.db.kysely, told)).toEqual({
    ...before,
    ecoship: true,
    billingSame: false,
    billingAddress: { ...TEST_ADDRESS, city: 'Chicago' },
  });
});
