import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addItem, pruneAndReadBasket, setShippingMethod } from '#src/server/commerce/basket.ts';
import { readProduct } from '#src/server/commerce/catalog.ts';
import { listShippingMethods } from '#src/server/commerce/shipping.ts';
import { CommerceError } from '#src/server/commerce/errors.ts';
import {
  chooseEcoship,
  choosePackageProtection,
  confirmShippingMethod,
  readCheckoutView,
  setEmail,
  setPayment,
  setShippingAddress,
} from '#src/server/checkout/checkout-service.ts';
import { readCheckout } from '#src/server/checkout/checkout-store.ts';
import { cardFromGateway } from '#src/server/checkout/card-on-file.ts';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { createSandboxToken } from '#src/server/payments/sandbox/tokens.ts';
import { PO_BOX_MODAL } from '#src/lib/checkout/shipping-extras.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';

/**
 * The shipping step's extras through the engine: surcharges and peak handling in shipping &
 * handling, package protection (add, remove, autoapply once), EcoShip held with the checkout, P.O. boxes refused for
 * items that cannot go to one, and an order that charges exactly what the summary showed. Every date is set here.
 * Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
vi.hoisted(() => {
  // The test runs turn the peak fee off (vitest.config.ts); this file tests it, so it is on here at its default.
  process.env.PEAK_HANDLING_FEE_CENTS = '299';
});

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());
afterEach(() => vi.useRealTimers());

/** Monday 23 November 2026, 10:00 in New York: peak season. */
const PEAK_DAY = '2026-11-23T15:00:00Z';
/** Monday 15 June 2026, 10:00 in New York: not peak season. */
const QUIET_DAY = '2026-06-15T14:00:00Z';
const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

const TEE = 'fb-1001-blk-M'; // $19.99 after its promotion
const ADDRESS = TEST_ADDRESS;
const PO_BOX = { ...ADDRESS, address1: 'P.O. Box 42' };

async function heavyBoot(): Promise<string> {
  const boot = await readProduct(t.db, 'ks-6006');
  return boot!.variants.find((v) => v.inStock && v.orderable)!.id;
}

const rejects = async (p: Promise<unknown>, status: number) => {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(CommerceError);
  expect((err as CommerceError).status).toBe(status);
  return err as CommerceError;
};

describe('shipping & handling', () => {
  it('adds the peak handling fee once per order in peak season (New York dates) and not outside it', async () => {
    at(PEAK_DAY);
    const { basketId } = await addItem(t.db, null, { productId: TEE, quantity: 2 });
    const peak = (await pruneAndReadBasket(t.db, basketId)).summary;
    expect(peak).toMatchObject({ shippingCharge: 799, peakHandlingFee: 299, shippingAndHandling: 799 + 299 });
    expect(peak.orderTotal).toBe(peak.subTotal - peak.couponDiscount + 799 + 299);
    at(QUIET_DAY);
    const quiet = (await pruneAndReadBasket(t.db, basketId)).summary;
    expect(quiet).toMatchObject({ peakHandlingFee: 0, shippingAndHandling: 799, orderTotal: quiet.subTotal + 799 });
  });

  it('charges $1.99 per plastic gift card and the heavy item surcharge per unit, listed under every method', async () => {
    at(QUIET_DAY);
    const card = { productId: 'gc-2-gc-25', quantity: 1, giftCardRecipient: 'Sam', giftCardSender: 'Alex' };
    const { basketId } = await addItem(t.db, null, card);
    await addItem(t.db, basketId, card);
    await addItem(t.db, basketId, { productId: await heavyBoot(), quantity: 2 });
    const b = await pruneAndReadBasket(t.db, basketId);
    expect(b.summary).toMatchObject({ giftCardSurcharges: 398, heavyWeightItemSurcharges: 998, shippingCharge: 0 });
    expect(b.summary.shippingAndHandling).toBe(398 + 998);
    const { methods } = await listShippingMethods(t.db, basketId);
    for (const m of methods) {
      expect(m.productSurcharges).toEqual([
        { itemText: 'Gift card fee', price: 398 },
        { itemText: 'Heavy item surcharge', price: 998 },
      ]);
    }
    expect(b.lines.map((l) => [l.quantity, l.poBoxExcluded])).toEqual([
      [2, false],
      [2, true],
    ]);
  });

  it('charges no surcharge, peak fee or protection to a bag that ships nothing', async () => {
    at(PEAK_DAY);
    const { basketId } = await addItem(t.db, null, {
      productId: 'egc-3-egc-25',
      quantity: 1,
      giftCardRecipient: 'Sam',
      giftCardSender: 'Alex',
      giftCardRecipientEmail: 'sam@example.com',
    } as never);
    const b = await pruneAndReadBasket(t.db, basketId);
    expect(b.summary).toMatchObject({ shippingAndHandling: 0, peakHandlingFee: 0, routePackageProtectionFee: 0, orderTotal: b.summary.subTotal });
    expect(b.packageProtection).toEqual({ fee: 0, isApplied: false });
    expect(b.ecoship?.isEcoshipApplicable).toBe(false);
    await rejects(choosePackageProtection(t.db, basketId, 'add'), 400);
  });

  it('shows the perks sign-up line under Express while the bag holds no membership', async () => {
    at(QUIET_DAY);
    const { basketId } = await addItem(t.db, null, { productId: TEE, quantity: 1 });
    const before = (await listShippingMethods(t.db, basketId)).methods;
    expect(before.map((m) => [m.id, m.shipPerksSignUpMsg])).toEqual([
      ['Regular', null],
      ['Express', 'Free Express shipping with Fernbrook Perks Annual Membership'],
      ['SuperFast', null],
    ]);
    const perks = (await readProduct(t.db, 'fb-perks'))!.variants[0]!.id;
    await addItem(t.db, basketId, { productId: perks, quantity: 1 }, undefined, 'a-signed-in-shopper');
    expect((await listShippingMethods(t.db, basketId)).methods.every((m) => m.shipPerksSignUpMsg === null)).toBe(true);
  });
});

it('waives Regular at $75.00 of merchandise after codes: gift cards and the membership never count toward it', async () => {
  at(QUIET_DAY);
  const { basketId } = await addItem(t.db, null, { productId: TEE, quantity: 1 });
  await addItem(t.db, basketId, {
    productId: 'egc-3-egc-100',
    quantity: 1,
    giftCardRecipient: 'Sam',
    giftCardSender: 'Alex',
    giftCardRecipientEmail: 'sam@example.com',
  } as never);
  await addItem(t.db, basketId, { productId: 'gc-2-gc-150', quantity: 1, giftCardRecipient: 'Sam', giftCardSender: 'Alex' });
  const perks = (await readProduct(t.db, 'fb-perks'))!.variants[0]!.id;
  await addItem(t.db, basketId, { productId: perks, quantity: 1 }, undefined, 'a-signed-in-shopper');
  const withCards = await pruneAndReadBasket(t.db, basketId);
  expect(withCards.summary).toMatchObject({ shippingCharge: 799, giftCardSurcharges: 199 });
  expect((await listShippingMethods(t.db, basketId)).methods.find((m) => m.id === 'Regular')?.price).toBe(799);

  await addItem(t.db, basketId, { productId: TEE, quantity: 3 }); // four tees: $79.96 of merchandise
  const enough = await pruneAndReadBasket(t.db, basketId);
  expect(enough.summary.shippingCharge).toBe(0);
  expect((await listShippingMethods(t.db, basketId)).methods.find((m) => m.id === 'Regular')?.price).toBe(0);
});

describe('package protection', () => {
  it('is 2% of what ships after discounts, at least $0.98 and at most $9.98, and charged only once added', async () => {
    at(QUIET_DAY);
    const { basketId } = await addItem(t.db, null, { productId: TEE, quantity: 1 });
    const small = await pruneAndReadBasket(t.db, basketId);
    expect(small.packageProtection).toEqual({ fee: 98, isApplied: false }); // 2% of $19.99 is $0.40: the minimum
    expect(small.summary).toMatchObject({ routePackageProtectionFee: 0, routeProtectionDisplayValue: '$0.98' });
    await addItem(t.db, basketId, { productId: await heavyBoot(), quantity: 3 });
    const mid = await pruneAndReadBasket(t.db, basketId);
    const merchandise = mid.summary.subTotal - mid.summary.couponDiscount;
    expect(mid.packageProtection?.fee).toBe(Math.min(998, Math.round(merchandise * 0.02)));
    await choosePackageProtection(t.db, basketId, 'add');
    const added = await pruneAndReadBasket(t.db, basketId);
    expect(added.summary.routePackageProtectionFee).toBe(added.packageProtection?.fee);
    expect(added.summary.orderTotal).toBe(mid.summary.orderTotal + (added.packageProtection?.fee ?? 0));
  });

  it("protects what ships but not a gift card's value: a bag of plastic gift cards is not offered it", async () => {
    at(QUIET_DAY);
    const card = { productId: 'gc-2-gc-150', quantity: 1, giftCardRecipient: 'Alex', giftCardSender: 'Pat' };
    const { basketId } = await addItem(t.db, null, card);
    const cardsOnly = await pruneAndReadBasket(t.db, basketId);
    expect(cardsOnly.summary.isDigitalItemsOnly).toBe(false); // the card ships (and pays the gift card fee)
    expect(cardsOnly.packageProtection).toEqual({ fee: 0, isApplied: false });
    await rejects(choosePackageProtection(t.db, basketId, 'add'), 400);
    const { basketId: mixed } = await addItem(t.db, null, card);
    await addItem(t.db, mixed, { productId: TEE, quantity: 5 });
    const b = await pruneAndReadBasket(t.db, mixed);
    const tees = b.lines.filter((l) => l.productId === TEE).reduce((sum, l) => sum + l.price, 0);
    expect(b.packageProtection?.fee).toBe(Math.max(98, Math.round(tees * 0.02))); // on the tees alone, not the $150 card
  });

  it('autoapply adds it once; after the shopper removes it, autoapply leaves it off', async () => {
    at(QUIET_DAY);
    const { basketId } = await addItem(t.db, null, { productId: TEE, quantity: 1 });
    await choosePackageProtection(t.db, basketId, 'autoapply');
    expect((await pruneAndReadBasket(t.db, basketId)).packageProtection?.isApplied).toBe(true);
    await choosePackageProtection(t.db, basketId, 'remove');
    await choosePackageProtection(t.db, basketId, 'autoapply');
    const b = await pruneAndReadBasket(t.db, basketId);
    expect(b.packageProtection?.isApplied).toBe(false);
    expect(b.summary.routePackageProtectionFee).toBe(0);
    await choosePackageProtection(t.db, basketId, 'add');
    expect((await pruneAndReadBasket(t.db, basketId)).summary.routePackageProtectionFee).toBe(98);
  });
});

describe('EcoShip', () => {
  it('is offered by Regular with a date 7 business days on (New York), held with the checkout, and dropped by Express', async () => {
    at(PEAK_DAY); // a Monday: 7 business days later is Wednesday 2 December
    const { basketId } = await addItem(t.db, null, { productId: TEE, quantity: 1 });
    const b = await pruneAndReadBasket(t.db, basketId);
    expect(b.ecoship).toEqual({ isEcoshipApplicable: true, ecoshipDate: '2026-12-02', ecoshipDisplayDate: 'Wednesday, December 2' });
    expect(b.ecoshipChosen).toBe(false);
    await chooseEcoship(t.db, basketId, true);
    expect((await readCheckout(t.db.kysely, basketId)).ecoship).toBe(true);
    expect((await pruneAndReadBasket(t.db, basketId)).ecoshipChosen).toBe(true);
    await setShippingMethod(t.db, basketId, 'Express');
    const express = await pruneAndReadBasket(t.db, basketId);
    expect(express.ecoship?.isEcoshipApplicable).toBe(false);
    expect(express.ecoshipChosen).toBe(false);
    await rejects(chooseEcoship(t.db, basketId, true), 400);
    await setShippingMethod(t.db, basketId, 'Regular');
    expect((await pruneAndReadBasket(t.db, basketId)).ecoshipChosen).toBe(true);
  });
});

describe('P.O. boxes', () => {
  it('refuses a P.O. box for a bag holding items that cannot go to one (409, naming them), and takes it otherwise', async () => {
    at(QUIET_DAY);
    const { basketId } = await addItem(t.db, null, { productId: TEE, quantity: 1 });
    await setShippingAddress(t.db, basketId, PO_BOX, null);
    await addItem(t.db, basketId, { productId: await heavyBoot(), quantity: 1 });
    const elsewhere = { ...PO_BOX, address1: '1 Elm St', address2: 'PO Box 9', city: 'Sacramento', stateCode: 'CA', postalCode: '95814' };
    const err = await rejects(setShippingAddress(t.db, basketId, elsewhere, null), 409);
    expect(err.message).toBe(`${PO_BOX_MODAL.message} (Knee-High Boot)`);
    // Refused whole: the bag is still taxed for the address it had, and keeps it.
    const bag = await t.db.kysely.selectFrom('baskets').select('shipping_state_code').where('id', '=', basketId).executeTakeFirstOrThrow();
    expect([bag.shipping_state_code, (await readCheckout(t.db.kysely, basketId)).shippingAddress?.stateCode]).toEqual([
      PO_BOX.stateCode,
      PO_BOX.stateCode,
    ]);
    await setShippingAddress(t.db, basketId, ADDRESS, null);
    expect((await readCheckout(t.db.kysely, basketId)).shippingAddress?.address1).toBe('12 Main St');
  });
});

async function cardToken(): Promise<string> {
  const form = new URLSearchParams({
    'card[number]': '4242424242424242',
    'card[exp_month]': '12',
    'card[exp_year]': '2034',
    'card[cvc]': '123',
    'card[name]': 'Ada Lovelace',
  });
  return ((await createSandboxToken(t.db, form)).body as { id: string }).id;
}

async function readyToPlace(basketId: string, address = ADDRESS) {
  await setEmail(t.db, basketId, 'ada@example.com', false);
  await setShippingAddress(t.db, basketId, address, null);
  await confirmShippingMethod(t.db, basketId, 'Regular');
  await setPayment(t.db, basketId, {
    card: await cardFromGateway(sandboxGateway({ database: async () => t.db, timeoutMs: 200 }), await cardToken(), null),
    savedCardId: null,
    billingSame: true,
    billingAddress: null,
    customerId: null,
  });
}

describe('placing the order', () => {
  it('charges exactly the summary: surcharges, peak handling and protection, and keeps the EcoShip date', async () => {
    at(PEAK_DAY);
    const { basketId } = await addItem(t.db, null, { productId: TEE, quantity: 1 });
    await addItem(t.db, basketId, { productId: 'gc-2-gc-25', quantity: 1, giftCardRecipient: 'Sam', giftCardSender: 'Alex' });
    await addItem(t.db, basketId, { productId: await heavyBoot(), quantity: 1 });
    await readyToPlace(basketId);
    await choosePackageProtection(t.db, basketId, 'autoapply');
    await chooseEcoship(t.db, basketId, true);
    const { basket } = await readCheckoutView(t.db, basketId, null);
    const s = basket.summary;
    expect(s).toMatchObject({ giftCardSurcharges: 199, heavyWeightItemSurcharges: 499, peakHandlingFee: 299 });
    expect(s.routePackageProtectionFee).toBeGreaterThan(0);
    expect(s.orderTotal).toBe(s.subTotal - s.couponDiscount + s.shippingAndHandling + s.totalTax + (s.routePackageProtectionFee ?? 0));
    const gateway = sandboxGateway({ database: async () => t.db, timeoutMs: 2000 });
    const reply = await placeOrder(
      t.db,
      gateway,
      { bagId: basketId, customerId: null, idempotencyKey: `extras-${basketId}`, body: { orderTotal: s.orderTotal }, expectedTotal: s.orderTotal },
      2000,
    );
    expect(reply.result.confirmationStatus).toBe('confirmed');
    const order = await t.db.kysely.selectFrom('orders').selectAll().where('basket_id', '=', basketId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      total_cents: s.orderTotal,
      shipping_cents: s.shippingAndHandling,
      protection_cents: s.routePackageProtectionFee,
      ecoship_date: '2026-12-02',
    });
    const held = await gateway.findByReference(
      (await t.db.kysely.selectFrom('checkout_attempts').select('id').where('basket_id', '=', basketId).executeTakeFirstOrThrow()).id,
    );
    expect(held.map((a) => a.amountCents)).toEqual([s.orderTotal]);
  });

  it('refuses to place a bag whose P.O. box address came before an item that cannot go to one', async () => {
    at(QUIET_DAY);
    const { basketId } = await addItem(t.db, null, { productId: TEE, quantity: 1 });
    await readyToPlace(basketId, PO_BOX);
    await addItem(t.db, basketId, { productId: await heavyBoot(), quantity: 1 });
    const { basket } = await readCheckoutView(t.db, basketId, null);
    const gateway = sandboxGateway({ database: async () => t.db, timeoutMs: 2000 });
    const reply = await placeOrder(
      t.db,
      gateway,
      { bagId: basketId, customerId: null, idempotencyKey: `pobox-${basketId}`, body: {}, expectedTotal: basket.orderTotal },
      2000,
    );
    expect(reply.status).toBe(409);
    expect(reply.result.message).toBe(`${PO_BOX_MODAL.message} (Knee-High Boot)`);
    expect(await t.db.kysely.selectFrom('orders').select('id').where('basket_id', '=', basketId).execute()).toEqual([]);
  });
});
