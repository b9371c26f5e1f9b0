import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIP_NEEDS_NEW_CARD, MEMBERSHIP_NEEDS_SIGN_IN } from '#src/lib/membership-rules.ts';
import { createCustomer } from '#src/server/accounts/accounts.ts';
import { cardFromGateway } from '#src/server/checkout/card-on-file.ts';
import { addCustomerData, listSavedCards, readCheckoutView, setEmail, setPayment } from '#src/server/checkout/checkout-service.ts';
import { addItem } from '#src/server/commerce/basket.ts';
import { readProduct } from '#src/server/commerce/catalog.ts';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { sandboxToken } from '../helpers/ready-bag.ts';

/**
 * The perks membership's rules, enforced by the server (checkout spec §4): only a signed-in shopper adds one to the
 * bag or places an order holding one, and it is paid with a new card, never a saved one. Runs on SQLite, and on
 * PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
let perks: string;
beforeAll(async () => {
  t = await freshDb();
  perks = (await readProduct(t.db, 'fb-perks'))!.variants[0]!.id;
});
afterAll(() => t.cleanup());

const gateway = () => sandboxGateway({ database: async () => t.db, timeoutMs: 2000 });
let n = 0;
const place = (basketId: string, customerId: string | null, total: number, securityCode?: string) =>
  placeOrder(
    t.db,
    gateway(),
    {
      bagId: basketId,
      customerId,
      idempotencyKey: `membership-${Date.now()}-${n++}-key`,
      body: { orderTotal: total },
      expectedTotal: total,
      ...(securityCode ? { securityCode } : {}),
    },
    2000,
  );

describe('a perks membership', () => {
  it('is added to the bag only by a signed-in shopper', async () => {
    await expect(addItem(t.db, null, { productId: perks, quantity: 1 })).rejects.toMatchObject({ status: 401, message: MEMBERSHIP_NEEDS_SIGN_IN });
    const { basketId } = await addItem(t.db, null, { productId: perks, quantity: 1 }, undefined, 'a-signed-in-shopper');
    expect((await readCheckoutView(t.db, basketId, null)).basket.lines).toHaveLength(1);
  });

  it('is ordered only by a signed-in shopper, and paid with a new card, never a saved one', async () => {
    const customer = await createCustomer(t.db, {
      email: `member.${Date.now()}@example.com`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      password: null,
    });
    const { basketId } = await addItem(t.db, null, { productId: perks, quantity: 1 }, undefined, 'a-signed-in-shopper');
    await setEmail(t.db, basketId, customer.email, false);
    const newCard = async () => cardFromGateway(gateway(), await sandboxToken(t.db, '4242424242424242'), null);
    await setPayment(t.db, basketId, {
      card: await newCard(),
      savedCardId: null,
      billingSame: false,
      billingAddress: TEST_ADDRESS,
      customerId: customer.id,
    });
    const total = (await readCheckoutView(t.db, basketId, customer.id)).basket.orderTotal;

    // A bag that reached a guest (its shopper signed out) is not ordered.
    const asGuest = await place(basketId, null, total);
    expect([asGuest.status, asGuest.result.message]).toEqual([401, MEMBERSHIP_NEEDS_SIGN_IN]);

    // A saved card is refused for it, at the payment step and at placement.
    const saved = await cardFromGateway(gateway(), await sandboxToken(t.db, '4242424242424242'), { customerRef: null });
    await addCustomerData(t.db, customer.id, { addresses: [], cards: [saved] });
    const [wallet] = await listSavedCards(t.db, customer.id);
    await expect(
      setPayment(t.db, basketId, {
        card: null,
        savedCardId: wallet!.paymentInstrumentId,
        billingSame: false,
        billingAddress: TEST_ADDRESS,
        customerId: customer.id,
      }),
    ).rejects.toMatchObject({ status: 409, message: MEMBERSHIP_NEEDS_NEW_CARD });
    await t.db.kysely
      .updateTable('basket_checkout')
      .set({ payment: JSON.stringify({ ...saved, savedCardId: wallet!.paymentInstrumentId }) })
      .where('basket_id', '=', basketId)
      .execute();
    const withSaved = await place(basketId, customer.id, total, '123');
    expect([withSaved.status, withSaved.result.message]).toEqual([409, MEMBERSHIP_NEEDS_NEW_CARD]);

    // Signed in, with a new card: placed.
    await setPayment(t.db, basketId, {
      card: await newCard(),
      savedCardId: null,
      billingSame: false,
      billingAddress: TEST_ADDRESS,
      customerId: customer.id,
    });
    const placed = await place(basketId, customer.id, total);
    expect([placed.status, placed.result.confirmationStatus]).toEqual([200, 'confirmed']);
  });
});
