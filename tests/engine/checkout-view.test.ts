import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCustomer } from '#src/server/accounts/accounts.ts';
import { addItem, setShippingMethod } from '#src/server/commerce/basket.ts';
import {
  confirmShippingMethod,
  readCheckoutView,
  setBilling,
  setEmail,
  setPayment,
  setShippingAddress,
} from '#src/server/checkout/checkout-service.ts';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { EMPTY_RECORD, readCheckout, writeCheckout, writeCheckoutIfOpen } from '#src/server/checkout/checkout-store.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';
import { storeCardAccount } from '../helpers/store-card-fixtures.ts';

/**
 * The checkout view reads the bag and its checkout record at once (not the record of the bag it read), a step
 * writes only the fields it names, and the payment page and placement wait for the shipping step to be submitted. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
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

it('a bag whose shipping method was only chosen (the step left without Continue) cannot be paid for nor placed until the step is submitted', async () => {
  const { basketId } = await addItem(t.db, null, { productId: SKU, quantity: 1 } as never);
  await setEmail(t.db, basketId, 'left@example.com', false);
  await setShippingAddress(t.db, basketId, TEST_ADDRESS, null);
  await setShippingMethod(t.db, basketId, 'Express');
  const card = {
    source: { kind: 'token', token: 'tok_unused' },
    cardType: 'Visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2034,
    holder: 'Ada Lovelace',
  } as const;
  const pay = () => setPayment(t.db, basketId, { card, savedCardId: null, billingSame: true, billingAddress: null, customerId: null });
  await expect(pay()).rejects.toMatchObject({ status: 409, message: 'Please choose a shipping method.' });
  await expect(setBilling(t.db, basketId, null, true, null)).rejects.toMatchObject({ status: 409, message: 'Please choose a shipping method.' });

  // A card written to the bag by other means still does not let the order through.
  await writeCheckout(t.db.kysely, basketId, { payment: { ...card, savedCardId: null } });
  const total = (await readCheckoutView(t.db, basketId, null)).basket.orderTotal;
  const gateway = sandboxGateway({ database: async () => t.db, timeoutMs: 2000 });
  const reply = await placeOrder(
    t.db,
    gateway,
    { bagId: basketId, customerId: null, idempotencyKey: `left-${Date.now()}`, body: { orderTotal: total }, expectedTotal: total },
    300,
  );
  expect(reply.result).toMatchObject({ confirmationStatus: 'failed', message: 'Please choose a shipping method.' });

  await confirmShippingMethod(t.db, basketId, 'Express');
  await expect(setBilling(t.db, basketId, null, true, null)).resolves.toBeUndefined();
  expect((await readCheckoutView(t.db, basketId, null))._flash).toEqual([]);
});

it("a holder's store card says why it cannot pay the bag: less available credit than is left to pay; enough credit says nothing", async () => {
  const short = await createCustomer(t.db, { email: 'short-credit@example.com', firstName: 'Ada', lastName: 'Lovelace', password: null });
  const ample = await createCustomer(t.db, { email: 'ample-credit@example.com', firstName: 'Ada', lastName: 'Lovelace', password: null });
  const shortCard = await storeCardAccount(t.db, 1_00, short.id);
  await storeCardAccount(t.db, 500_00, ample.id);
  const basketId = await bagWithCheckout();
  const forShort = await readCheckoutView(t.db, basketId, short.id);
  const due = `$${(forShort.basket.amountDue / 100).toFixed(2)}`;
  expect(forShort.storeCard?.unavailable).toBe(
    `Store card ending in ${shortCard.number.slice(-4)} has $1.00 available credit, less than the ${due} left to pay. Please choose another payment method.`,
  );
  expect((await readCheckoutView(t.db, basketId, ample.id)).storeCard?.unavailable).toBeNull();
});

it("a step's one-statement write holds to the bag's version it was checked under: a bag changed since is not written", async () => {
  const basketId = await bagWithCheckout();
  const { version } = await t.db.kysely.selectFrom('baskets').select('version').where('id', '=', basketId).executeTakeFirstOrThrow();
  const change = { billingSame: false, billingAddress: { ...TEST_ADDRESS, stateCode: 'NY' } };
  // Another write to the bag (a line added) moves its version past the one the step checked.
  await addItem(t.db, basketId, { productId: 'fb-1001-blk-M', quantity: 1 } as never);
  expect(await writeCheckoutIfOpen(t.db, basketId, change, { version })).toBe(false);
  expect((await readCheckout(t.db.kysely, basketId)).billingAddress).toBeNull();
  const current = await t.db.kysely.selectFrom('baskets').select('version').where('id', '=', basketId).executeTakeFirstOrThrow();
  expect(await writeCheckoutIfOpen(t.db, basketId, change, { version: current.version })).toBe(true);
  expect((await readCheckout(t.db.kysely, basketId)).billingAddress).toMatchObject({ stateCode: 'NY' });
});

it('the address and method steps refuse what the bag cannot take, and write nothing: a state not shipped to, a method not offered, a faster method for a hemmed line', async () => {
  const basketId = await bagWithCheckout();
  const before = { checkout: await readCheckout(t.db.kysely, basketId), bag: await shippingOf(basketId) };
  await expect(setShippingAddress(t.db, basketId, { ...TEST_ADDRESS, stateCode: 'ZZ' }, null)).rejects.toMatchObject({ code: 'invalid' });
  await expect(confirmShippingMethod(t.db, basketId, 'NoSuchMethod')).rejects.toMatchObject({ code: 'invalid' });
  const hem = [{ optionId: 'hemming' as const, optionValueId: '1' as const }];
  await addItem(t.db, basketId, { productId: 'ca-7001-nvy-Misses-6', quantity: 1, optionItems: hem, hemmingInseamLength: '28' });
  await expect(confirmShippingMethod(t.db, basketId, 'Express')).rejects.toMatchObject({ code: 'invalid' });
  expect({ checkout: await readCheckout(t.db.kysely, basketId), bag: await shippingOf(basketId) }).toEqual(before);
});

const shippingOf = (basketId: string) =>
  t.db.kysely.selectFrom('baskets').select(['shipping_state_code', 'shipping_method_id']).where('id', '=', basketId).executeTakeFirstOrThrow();
