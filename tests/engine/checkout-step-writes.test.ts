import { afterAll, beforeAll, expect, it } from 'vitest';
import { addItem, pruneAndReadBasket } from '#src/server/commerce/basket.ts';
import { confirmShippingMethod, setBilling, setEmail, setShippingAddress } from '#src/server/checkout/checkout-service.ts';
import { readCheckout } from '#src/server/checkout/checkout-store.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';

/**
 * A checkout step's write is one statement while the bag is open (checkout-store.ts writeCheckoutIfOpen), its SQL
 * made once for each shape of call and then run with each call's values: these steps, taken by several bags with
 * different values one after another, must each write their own values and refuse as their own rules say.
 * Runs on SQLite, and on PostgreSQL with DATABASE_URL (where the address and method steps set the bag's own columns
 * in the same statement).
 */
let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: Error) => e.message,
  );
const shippingState = async (basketId: string) =>
  (await t.db.kysely.selectFrom('baskets').select('shipping_state_code').where('id', '=', basketId).executeTakeFirstOrThrow()).shipping_state_code;

it('each bag keeps the e-mail and the shipping address it was given, and a state not shipped to changes nothing', async () => {
  const { basketId: first } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
  const { basketId: second } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
  await setEmail(t.db, first, 'first@example.com', true);
  await setEmail(t.db, second, 'second@example.com', false);
  await setShippingAddress(t.db, first, TEST_ADDRESS, null);
  await setShippingAddress(t.db, second, { ...TEST_ADDRESS, city: 'Sacramento', stateCode: 'CA', postalCode: '95814' }, null);

  expect(await refusal(setShippingAddress(t.db, first, { ...TEST_ADDRESS, stateCode: 'ZZ' }, null))).toBe('Please choose a state we ship to.');
  const [one, two] = [await readCheckout(t.db.kysely, first), await readCheckout(t.db.kysely, second)];
  expect([one.email, one.emailSubscribe, one.shippingAddress?.stateCode]).toEqual(['first@example.com', true, 'IL']);
  expect([two.email, two.emailSubscribe, two.shippingAddress?.stateCode]).toEqual(['second@example.com', false, 'CA']);
  expect([await shippingState(first), await shippingState(second)]).toEqual(['IL', 'CA']);
});

it('each bag keeps the method it confirmed, and a hemmed bag is refused the faster one whichever bag asked first', async () => {
  const { basketId: plain } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
  const { basketId: hemmed } = await addItem(t.db, null, {
    productId: 'ca-7001-nvy-Misses-6',
    quantity: 1,
    optionItems: [{ optionId: 'hemming', optionValueId: '1' }],
    hemmingInseamLength: '28',
  });
  for (const id of [plain, hemmed]) await setShippingAddress(t.db, id, TEST_ADDRESS, null);

  await confirmShippingMethod(t.db, plain, 'Express');
  expect(await refusal(confirmShippingMethod(t.db, hemmed, 'Express'))).toBe('Some items are only eligible for Standard Delivery.');
  await confirmShippingMethod(t.db, hemmed, 'Regular');
  await confirmShippingMethod(t.db, plain, 'SuperFast');

  expect((await pruneAndReadBasket(t.db, plain)).shipments[0]!.shippingMethod.id).toBe('SuperFast');
  expect((await pruneAndReadBasket(t.db, hemmed)).shipments[0]!.shippingMethod.id).toBe('Regular');
  expect((await readCheckout(t.db.kysely, hemmed)).shippingMethodConfirmed).toBe(true);
});

it('a billing address is kept per bag, the same as shipping or its own', async () => {
  const bags = [];
  for (const email of ['a@example.com', 'b@example.com']) {
    const { basketId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
    await setEmail(t.db, basketId, email, false);
    await setShippingAddress(t.db, basketId, TEST_ADDRESS, null);
    await confirmShippingMethod(t.db, basketId, 'Regular');
    bags.push(basketId);
  }
  const [same, own] = bags as [string, string];
  await setBilling(t.db, same, null, true, null);
  await setBilling(t.db, own, null, false, { ...TEST_ADDRESS, firstName: 'Grace', stateCode: 'NY', city: 'New York', postalCode: '10001' });

  const [a, b] = [await readCheckout(t.db.kysely, same), await readCheckout(t.db.kysely, own)];
  expect([a.billingSame, a.billingAddress]).toEqual([true, null]);
  expect([b.billingSame, b.billingAddress?.firstName, b.billingAddress?.stateCode]).toEqual([false, 'Grace', 'NY']);
});
