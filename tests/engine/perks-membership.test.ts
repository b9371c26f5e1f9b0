import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alreadyMemberMessage } from '#src/lib/perks/perks-texts.ts';
import { createCustomer } from '#src/server/accounts/accounts.ts';
import { cardFromGateway } from '#src/server/checkout/card-on-file.ts';
import {
  addCustomerData,
  confirmShippingMethod,
  listSavedCards,
  readCheckoutView,
  setEmail,
  setPayment,
  setShippingAddress,
} from '#src/server/checkout/checkout-service.ts';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import { addItem, pruneAndReadBasket, setShippingMethod } from '#src/server/commerce/basket.ts';

import { readProduct } from '#src/server/commerce/catalog.ts';
import { mergeBaskets } from '#src/server/commerce/merge-baskets.ts';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import { listShippingMethods } from '#src/server/commerce/shipping.ts';
import { activeMembership, grantOrderMemberships, latestMembership } from '#src/server/perks/memberships.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { FLASH_MESSAGES } from '#src/lib/checkout/flash.ts';
import { MEMBERSHIP_NEEDS_NEW_CARD } from '#src/lib/membership-rules.ts';
import { writeCheckout } from '#src/server/checkout/checkout-store.ts';
import { ownStoreCard } from '#src/server/store-card/accounts.ts';
import { storeCardPayment } from '#src/server/store-card/store-card-payment.ts';
import { applyGiftCard } from '#src/server/tenders/bag-tenders.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';
import { giftCardIssuer } from '../helpers/gift-card-fixtures.ts';
import { storeCardAccount } from '../helpers/store-card-fixtures.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { sandboxToken } from '../helpers/ready-bag.ts';

/**
 * The perks membership as data: an order holding it makes its customer a member for a year, once however often the
 * placement is replayed; a member is not sold it again outside the renewal window; a member's Express is free, and
 * only a member's. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
let perks: string;
const TEE = 'fb-1001-blk-M';
beforeAll(async () => {
  t = await freshDb();
  perks = (await readProduct(t.db, 'fb-perks'))!.variants[0]!.id;
});
afterAll(() => t.cleanup());

const gateway = () => sandboxGateway({ database: async () => t.db, timeoutMs: 2000 });
let n = 0;
const customer = () =>
  createCustomer(t.db, { email: `perks.${Date.now()}.${n++}@example.com`, firstName: 'Ada', lastName: 'Lovelace', password: null });

/** A signed-in customer's bag holding the membership, paid with a new card; returns the placement's input. */
async function membershipBag(customerId: string, email: string) {
  const { basketId } = await addItem(t.db, null, { productId: perks, quantity: 1 }, undefined, customerId);
  await t.db.kysely.updateTable('customers').set({ basket_id: basketId }).where('id', '=', customerId).execute();
  await setEmail(t.db, basketId, email, false);
  await setPayment(t.db, basketId, {
    card: await cardFromGateway(gateway(), await sandboxToken(t.db, '4242424242424242'), null),
    savedCardId: null,
    billingSame: false,
    billingAddress: TEST_ADDRESS,
    customerId,
  });
  const total = (await readCheckoutView(t.db, basketId, customerId)).basket.orderTotal;
  return { bagId: basketId, customerId, idempotencyKey: `perks-${Date.now()}-${n++}-key`, body: { orderTotal: total }, expectedTotal: total };
}

const YEAR_MS = 365 * 86_400_000;

describe('the perks membership', () => {
  it('starts a year from the order that holds it, once, however often the placement is replayed', async () => {
    const c = await customer();
    const input = await membershipBag(c.id, c.email);
    const before = Date.now();
    const placed = await placeOrder(t.db, gateway(), input, 2000);
    expect(placed.status).toBe(200);
    const first = await latestMembership(t.db.kysely, c.id);
    expect(first?.name).toBe('Fernbrook Perks');
    const ends = Date.parse(first!.endsAt);
    expect(ends - before).toBeGreaterThanOrEqual(YEAR_MS - 86_400_000);
    expect(ends - Date.now()).toBeLessThanOrEqual(YEAR_MS + 86_400_000);

    // The same placement again answers with the stored reply; granting the same order again changes nothing.
    const replay = await placeOrder(t.db, gateway(), input, 2000);
    expect(replay.replayed).toBe(true);
    const orderId = placed.result.orderId!;
    await grantOrderMemberships(t.db.kysely, { id: orderId, customerId: c.id, productIds: ['fb-perks'], placedAt: new Date().toISOString() });
    expect((await latestMembership(t.db.kysely, c.id))?.endsAt).toBe(first!.endsAt);
    const grants = await t.db.kysely.selectFrom('perks_membership_orders').selectAll().where('customer_id', '=', c.id).execute();
    expect(grants).toHaveLength(1);
  });

  it('is refused to a member outside the renewal window, with the date the membership runs to', async () => {
    const c = await customer();
    await placeOrder(t.db, gateway(), await membershipBag(c.id, c.email), 2000);
    const { endsAt } = (await activeMembership(t.db.kysely, c.id))!;
    await expect(addItem(t.db, null, { productId: perks, quantity: 1 }, undefined, c.id)).rejects.toMatchObject({
      status: 409,
      message: alreadyMemberMessage(endsAt),
    });
  });

  it('renewed in its last days, runs a year from its current end', async () => {
    const c = await customer();
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString();
    await t.db.kysely
      .insertInto('perks_memberships')
      .values({ customer_id: c.id, programme: 'fb', ends_at: soon, updated_at: new Date().toISOString() })
      .execute();
    await placeOrder(t.db, gateway(), await membershipBag(c.id, c.email), 2000);
    const renewed = new Date(soon);
    renewed.setUTCFullYear(renewed.getUTCFullYear() + 1);
    expect((await latestMembership(t.db.kysely, c.id))?.endsAt).toBe(renewed.toISOString());
  });

  it('added to a bag paid with a saved card, lets that card go so a new card is asked for', async () => {
    const c = await customer();
    const { basketId } = await addItem(t.db, null, { productId: TEE, quantity: 1 }, undefined, c.id);
    await setEmail(t.db, basketId, c.email, false);
    await setShippingAddress(t.db, basketId, TEST_ADDRESS, null);
    await confirmShippingMethod(t.db, basketId, 'Regular');
    const saved = await cardFromGateway(gateway(), await sandboxToken(t.db, '4242424242424242'), { customerRef: null });
    await addCustomerData(t.db, c.id, { addresses: [], cards: [saved] });
    const [wallet] = await listSavedCards(t.db, c.id);
    const payWith = { card: null, savedCardId: wallet!.paymentInstrumentId, billingSame: false, billingAddress: TEST_ADDRESS, customerId: c.id };
    await setPayment(t.db, basketId, payWith);
    expect((await readCheckoutView(t.db, basketId, c.id)).payment?.savedCardId).toBe(wallet!.paymentInstrumentId);
    await addItem(t.db, basketId, { productId: perks, quantity: 1 }, undefined, c.id);
    expect((await readCheckoutView(t.db, basketId, c.id)).payment).toBeNull();
  });

  it("merged at sign-in, stays in the account's bag; signed out, the shopper has no bag to hold it", async () => {
    const c = await customer();
    const { basketId: stored } = await addItem(t.db, null, { productId: TEE, quantity: 1 });
    await t.db.kysely.updateTable('customers').set({ basket_id: stored }).where('id', '=', c.id).execute();
    // A bag holding the membership, met by a sign-in (the membership was added signed in, in another visit).
    const { basketId: visiting } = await addItem(t.db, null, { productId: perks, quantity: 1 }, undefined, c.id);
    const merged = await withWriteTransaction(t.db, (tx) => mergeBaskets(t.db, tx, visiting, c.id));
    expect(merged).toMatchObject({ basketId: stored, showPerksRemovalMsg: false });
    expect((await pruneAndReadBasket(t.db, stored)).lines.map((l) => l.productId).sort()).toEqual([TEE, perks].sort());
    // Signing out ends the session, not the account's bag: the guest that remains has none, and signing in again
    // brings the membership back.
    const again = await withWriteTransaction(t.db, (tx) => mergeBaskets(t.db, tx, null, c.id));
    expect(again.basketId).toBe(stored);
  });

  it("prices Express at nothing for a member's bag and names the programme, and at its price for everyone else", async () => {
    const member = await customer();
    await placeOrder(t.db, gateway(), await membershipBag(member.id, member.email), 2000);
    const { basketId: memberBag } = await addItem(t.db, null, { productId: TEE, quantity: 1 });
    await t.db.kysely.updateTable('customers').set({ basket_id: memberBag }).where('id', '=', member.id).execute();
    const { basketId: guestBag } = await addItem(t.db, null, { productId: TEE, quantity: 1 });

    const express = async (bag: string) => (await listShippingMethods(t.db, bag)).methods.find((m) => m.id === 'Express')!;
    expect(await express(memberBag)).toMatchObject({ price: 0, shipPerksSignUpMsg: null });
    const forGuest = await express(guestBag);
    expect(forGuest.price).toBeGreaterThan(0);
    expect(forGuest.shipPerksSignUpMsg).toBe('Free Express shipping with Fernbrook Perks Annual Membership');

    for (const bag of [memberBag, guestBag])
      await t.db.kysely.updateTable('baskets').set({ shipping_method_id: 'Express' }).where('id', '=', bag).execute();
    const memberView = await pruneAndReadBasket(t.db, memberBag);
    expect(memberView.summary).toMatchObject({ shippingCharge: 0, shippingPerksName: 'Fernbrook Perks' });
    const guestView = await pruneAndReadBasket(t.db, guestBag);
    expect(guestView.summary.shippingCharge).toBe(forGuest.price);
    expect(guestView.summary.shippingPerksName).toBeUndefined();
  });

  it("starts a member's bag on free Express, made by their add or met at sign-in; a choice or a hemmed line stays", async () => {
    const member = await customer();
    await placeOrder(t.db, gateway(), await membershipBag(member.id, member.email), 2000);
    const selected = async (bag: string) => (await listShippingMethods(t.db, bag)).selected;

    // The member's next bag, made by their add: Express chosen, free, and named in the summary.
    const { basketId: own } = await addItem(t.db, null, { productId: TEE, quantity: 1 }, undefined, member.id);
    expect(await selected(own)).toBe('Express');
    await t.db.kysely.updateTable('customers').set({ basket_id: own }).where('id', '=', member.id).execute();
    expect((await pruneAndReadBasket(t.db, own)).summary).toMatchObject({ shippingCharge: 0, shippingPerksName: 'Fernbrook Perks' });
    // Their own choice afterwards is theirs: another add does not undo it.
    await setShippingMethod(t.db, own, 'Regular');
    await addItem(t.db, own, { productId: TEE, quantity: 1 }, undefined, member.id);
    expect(await selected(own)).toBe('Regular');

    // A guest's bag met by the member's sign-in moves to Express too; anyone else's bag starts on Regular.
    await t.db.kysely.updateTable('customers').set({ basket_id: null }).where('id', '=', member.id).execute();
    const { basketId: visiting } = await addItem(t.db, null, { productId: TEE, quantity: 1 });
    expect(await selected(visiting)).toBe('Regular');
    await withWriteTransaction(t.db, (tx) => mergeBaskets(t.db, tx, visiting, member.id));
    expect(await selected(visiting)).toBe('Express');
    const other = await customer();
    const { basketId: notMember } = await addItem(t.db, null, { productId: TEE, quantity: 1 }, undefined, other.id);
    expect(await selected(notMember)).toBe('Regular');

    // A hemmed line ships Regular only: the member's bag holding one stays there.
    const jean = (await readProduct(t.db, 'ca-7001'))!.variants.find((x) => x.inStock && x.sizeFamily === 'Misses')!.id;
    const hem = [{ optionId: 'hemming' as const, optionValueId: '1' as const }];
    const { basketId: hemmed } = await addItem(
      t.db,
      null,
      { productId: jean, quantity: 1, optionItems: hem, hemmingInseamLength: '28' },
      undefined,
      member.id,
    );
    expect(await selected(hemmed)).toBe('Regular');
  });
});

describe("the membership's new card", () => {
  it('is not bought with gift cards: alone on the bag one is refused, naming it; beside merchandise a gift card leaves it to the card', async () => {
    const c = await customer();
    const issuer = await giftCardIssuer(t.db);
    const giftCard = await issuer.card(100_000);
    const { bagId } = await membershipBag(c.id, c.email);
    await expect(applyGiftCard(t.db, bagId, giftCard.number, giftCard.pin, 'perks')).rejects.toThrow(
      "Gift cards can't be used to buy Fernbrook Perks Annual Membership.",
    );
    await addItem(t.db, bagId, { productId: TEE, quantity: 1 }, undefined, c.id);
    await setShippingAddress(t.db, bagId, TEST_ADDRESS, null);
    await confirmShippingMethod(t.db, bagId, 'Regular');
    await applyGiftCard(t.db, bagId, giftCard.number, giftCard.pin, 'perks');
    const bag = await pruneAndReadBasket(t.db, bagId);
    expect(bag.amountDue).toBe(2900);
    const input = (key: string) => ({
      bagId,
      customerId: c.id,
      idempotencyKey: key,
      body: { orderTotal: bag.orderTotal, amountDue: bag.amountDue, key },
      expectedTotal: bag.orderTotal,
      expectedAmountDue: bag.amountDue,
    });
    // Without a card the gift card cannot place it.
    await withWriteTransaction(t.db, (tx) => writeCheckout(tx, bagId, { payment: null }));
    const refused = await placeOrder(t.db, gateway(), input(`perks-gift-${n++}-none`), 2000);
    expect(refused.result.message).toBe(FLASH_MESSAGES.PaymentInstrumentRequired);
    await setPayment(t.db, bagId, {
      card: await cardFromGateway(gateway(), await sandboxToken(t.db, '4242424242424242'), null),
      savedCardId: null,
      billingSame: true,
      billingAddress: null,
      customerId: c.id,
    });
    const placed = await placeOrder(t.db, gateway(), input(`perks-gift-${n++}-card`), 2000);
    expect(placed.result.confirmationStatus).toBe('confirmed');
    const paid = await t.db.kysely.selectFrom('order_tenders').select('amount_cents').where('order_id', '=', placed.result.orderId!).execute();
    expect(paid.map((p) => p.amount_cents)).toEqual([bag.orderTotal - 2900]);
  });

  it('is not paid with the saved store card, chosen or at placement; a store card number typed in is a new card', async () => {
    const c = await customer();
    const { accountId } = await storeCardAccount(t.db, 100_000, c.id);
    const own = (await ownStoreCard(t.db, c.id, accountId))!;
    const input = await membershipBag(c.id, c.email);
    const payWith = (card: ReturnType<typeof storeCardPayment>) =>
      setPayment(t.db, input.bagId, { card, savedCardId: null, billingSame: false, billingAddress: TEST_ADDRESS, customerId: c.id });
    await expect(payWith(storeCardPayment(own, true))).rejects.toThrow(MEMBERSHIP_NEEDS_NEW_CARD);
    await payWith(storeCardPayment(own));
    // A bag that holds the saved store card all the same (kept before the rule, or written past it) is refused.
    await withWriteTransaction(t.db, (tx) => writeCheckout(tx, input.bagId, { payment: { ...storeCardPayment(own, true), savedCardId: null } }));
    const refused = await placeOrder(t.db, gateway(), input, 2000);
    expect(refused.status).toBe(409);
    expect(refused.result.message).toBe(MEMBERSHIP_NEEDS_NEW_CARD);
  });

  it('added to a bag paid with the saved store card, lets it go so a new card is asked for', async () => {
    const c = await customer();
    const { accountId } = await storeCardAccount(t.db, 100_000, c.id);
    const own = (await ownStoreCard(t.db, c.id, accountId))!;
    const { basketId } = await addItem(t.db, null, { productId: TEE, quantity: 1 }, undefined, c.id);
    await setEmail(t.db, basketId, c.email, false);
    await setShippingAddress(t.db, basketId, TEST_ADDRESS, null);
    await confirmShippingMethod(t.db, basketId, 'Regular');
    await setPayment(t.db, basketId, {
      card: storeCardPayment(own, true),
      savedCardId: null,
      billingSame: true,
      billingAddress: null,
      customerId: c.id,
    });
    expect((await readCheckoutView(t.db, basketId, c.id)).payment?.last4).toBe(own.last4);
    await addItem(t.db, basketId, { productId: perks, quantity: 1 }, undefined, c.id);
    expect((await readCheckoutView(t.db, basketId, c.id)).payment).toBeNull();
  });
});
