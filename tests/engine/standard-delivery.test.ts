import { afterAll, beforeAll, expect, it } from 'vitest';
import { addItem, pruneAndReadBasket, removeItem, setShippingMethod } from '#src/server/commerce/basket.ts';
import { listShippingMethods } from '#src/server/commerce/shipping.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

/** Product spec §4 hemming: expedited shipping is not available for hemmed items (checkout §8 caution message). */
it('a hemmed item limits the bag to Regular: the faster choice is not offered, not accepted, and priced as Regular', async () => {
  const { basketId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
  await setShippingMethod(t.db, basketId, 'Express');
  expect((await pruneAndReadBasket(t.db, basketId)).shipments[0]!.shippingMethod).toMatchObject({ id: 'Express', price: 1499 });

  const { itemId: hemmed } = await addItem(t.db, basketId, {
    productId: 'ca-7001-nvy-Misses-6',
    quantity: 1,
    optionItems: [{ optionId: 'hemming', optionValueId: '1' }],
    hemmingInseamLength: '28',
  });
  const withHem = await pruneAndReadBasket(t.db, basketId);
  expect(withHem.standardDeliveryOnly).toBe(true);
  expect(withHem.shipments[0]!.shippingMethod.id).toBe('Regular');
  expect(withHem.summary.shippingAndHandling).toBe(0); // Regular is free over $75 (a tee and a jean)
  expect((await listShippingMethods(t.db, basketId)).methods.map((m) => m.id)).toEqual(['Regular']);
  const refused = await setShippingMethod(t.db, basketId, 'SuperFast').then(
    () => null,
    (e: Error) => e.message,
  );
  expect(refused).toBe('Some items are only eligible for Standard Delivery.');
  await setShippingMethod(t.db, basketId, 'Regular'); // Regular itself is fine
  await removeItem(t.db, basketId, hemmed);
  const without = await pruneAndReadBasket(t.db, basketId);
  expect(without.standardDeliveryOnly).toBe(false);
  expect((await listShippingMethods(t.db, basketId)).methods.map((m) => m.id)).toEqual(['Regular', 'Express', 'SuperFast']);
});

it('a faster method chosen before the hemmed item comes back when the hemmed item leaves', async () => {
  const { basketId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
  await setShippingMethod(t.db, basketId, 'Express');
  const { itemId } = await addItem(t.db, basketId, {
    productId: 'ca-7001-nvy-Misses-6',
    quantity: 1,
    optionItems: [{ optionId: 'hemming', optionValueId: '1' }],
    hemmingInseamLength: '28',
  });
  expect((await pruneAndReadBasket(t.db, basketId)).shipments[0]!.shippingMethod.id).toBe('Regular');
  await removeItem(t.db, basketId, itemId);
  expect((await pruneAndReadBasket(t.db, basketId)).shipments[0]!.shippingMethod).toMatchObject({ id: 'Express', price: 1499 });
});
