import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItem, pruneAndReadBasket, removeItem, updateItemQuantity } from '#src/server/commerce/basket.ts';
import { replaceItem } from '#src/server/commerce/basket-edit.ts';
import { readBasket } from '#src/server/commerce/basket-read.ts';
import { applyCode } from '#src/server/commerce/coupons.ts';
import { CommerceError } from '#src/server/commerce/errors.ts';
import { mergeBaskets } from '#src/server/commerce/merge-baskets.ts';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

/** Free gifts on the seeded offer 'bonus-tote-75': a canvas tote or a silk scarf with $75 or more. */
let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

const OFFER = 'bonus-tote-75';
const TOTE = 'fb-1007-ivr';
const SCARF = 'jl-4007-cor';
const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CommerceError);
  return err as CommerceError;
};
const claim = (basketId: string | null, productId: string, over: Record<string, unknown> = {}) =>
  addItem(t.db, basketId, { productId, quantity: 1, bonusDiscountLineItemId: OFFER, ...over });
/** A bag over the threshold: two blouses at $54.99. */
const qualifyingBag = async () => {
  const first = await addItem(t.db, null, { productId: 'ww-2001-ivr-M', quantity: 2 });
  return first;
};

describe('the offer', () => {
  it('appears once qualifying merchandise reaches $75, with the products and colours to choose from', async () => {
    const { basketId, itemId } = await addItem(t.db, null, { productId: 'ww-2001-ivr-M', quantity: 1 });
    expect((await pruneAndReadBasket(t.db, basketId)).bonusOffers).toEqual([]);
    await updateItemQuantity(t.db, basketId, itemId, 2);
    const b = await pruneAndReadBasket(t.db, basketId);
    expect(b.bonusOffers).toEqual([
      {
        id: OFFER,
        calloutMsg: 'Free canvas tote or silk scarf with $75 or more',
        maxBonusItems: 1,
        claimed: false,
        bonusProducts: [
          expect.objectContaining({
            productId: 'fb-1007',
            productName: 'Canvas Tote',
            price: 2499,
            variants: [expect.objectContaining({ productId: TOTE, colorName: 'Ivory', orderable: true })],
          }),
          expect.objectContaining({
            productId: 'jl-4007',
            productName: 'Printed Silk Scarf',
            variants: [
              expect.objectContaining({ productId: SCARF, colorName: 'Coral' }),
              expect.objectContaining({ productId: 'jl-4007-tea', colorName: 'Teal' }),
            ],
          }),
        ],
      },
    ]);
    expect(b.bonusOffers[0]!.bonusProducts[0]!.image).toMatch(/^\/media\/accessory-/);
  });

  it('counts merchandise after automatic promotions: 3 henleys at $27.99 less 20 % ($67.17) do not qualify', async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'fb-1002-olv-M', quantity: 3 });
    const b = await pruneAndReadBasket(t.db, basketId);
    expect(b.summary.subTotal).toBe(6717);
    expect(b.bonusOffers).toEqual([]);
  });

  it('counts merchandise after coupons: SAVE15 takes $84.98 of Willow & Wren to $72.23, and the offer goes', async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'ww-2001-ivr-M', quantity: 1 });
    await addItem(t.db, basketId, { productId: 'ww-2004-blk-M', quantity: 1 });
    expect((await pruneAndReadBasket(t.db, basketId)).bonusOffers).toHaveLength(1);
    await applyCode(t.db, basketId, 'SAVE15', '', false);
    const b = await pruneAndReadBasket(t.db, basketId);
    expect(b.summary.subTotal - b.summary.couponDiscount).toBe(7223);
    expect(b.bonusOffers).toEqual([]);
  });

  it('is not earned by gift cards', async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'gc-2-gc-100', quantity: 1, giftCardRecipient: 'A', giftCardSender: 'B' });
    expect((await pruneAndReadBasket(t.db, basketId)).bonusOffers).toEqual([]);
  });
});

describe('claiming the free gift', () => {
  it('adds the chosen product as a free line of quantity 1; the offer is then claimed and totals are unchanged', async () => {
    const { basketId } = await qualifyingBag();
    const before = await pruneAndReadBasket(t.db, basketId);
    const { itemId } = await claim(basketId, SCARF);
    const b = await pruneAndReadBasket(t.db, basketId);
    const free = b.lines.find((i) => i.itemId === itemId)!;
    expect(free).toMatchObject({
      productId: SCARF,
      quantity: 1,
      price: 0,
      basePrice: 0,
      bonusProductLineItem: true,
      bonusDiscountLineItemId: OFFER,
      priceAdjustments: [],
      lineDetails: expect.objectContaining({ maxOrderQuantity: 1, sale_price_value: 0, original_price_value: 3499 }),
    });
    expect(b.bonusOffers[0]).toMatchObject({ id: OFFER, claimed: true });
    expect(b.summary).toEqual(before.summary);
    expect(b.totalQuantity).toBe(3);
  });

  it('refuses a second gift, a product not offered, an unknown offer, a quantity above 1 and a bag that does not qualify', async () => {
    const { basketId } = await qualifyingBag();
    expect((await refusal(claim(basketId, TOTE, { quantity: 2 }))).status).toBe(400);
    expect(await refusal(claim(basketId, 'fb-1001-blk-M'))).toMatchObject({
      status: 400,
      message: 'That item is not one of the free gifts offered.',
    });
    expect((await refusal(claim(basketId, TOTE, { bonusDiscountLineItemId: 'no-such-offer' }))).status).toBe(404);
    await claim(basketId, TOTE);
    expect(await refusal(claim(basketId, SCARF))).toMatchObject({ status: 409, message: 'You have already claimed your free gift.' });

    const small = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
    expect(await refusal(claim(small.basketId, TOTE))).toMatchObject({ status: 409, message: 'Your bag does not qualify for this free gift yet.' });
    expect((await refusal(claim(null, TOTE))).status).toBe(409);
    expect((await pruneAndReadBasket(t.db, small.basketId)).lines).toHaveLength(1);
  });

  it('checks stock like any add', async () => {
    const { basketId } = await qualifyingBag();
    await t.db.kysely.updateTable('stock').set({ on_hand: 0 }).where('sku', '=', 'jl-4007-tea').execute();
    const offer = (await pruneAndReadBasket(t.db, basketId)).bonusOffers[0]!;
    expect(offer.bonusProducts[1]!.variants.find((v) => v.productId === 'jl-4007-tea')!.orderable).toBe(false);
    expect((await refusal(claim(basketId, 'jl-4007-tea'))).code).toBe('out_of_stock');
    expect((await pruneAndReadBasket(t.db, basketId)).bonusOffers[0]!.claimed).toBe(false);
  });

  it('a free line keeps its quantity and cannot be edited; buying the same item makes a separate, paid line', async () => {
    const { basketId } = await qualifyingBag();
    const { itemId } = await claim(basketId, TOTE);
    expect(await refusal(updateItemQuantity(t.db, basketId, itemId, 2))).toMatchObject({
      status: 400,
      message: 'The quantity of a free gift cannot be changed.',
    });
    expect((await refusal(replaceItem(t.db, basketId, itemId, { productId: TOTE, quantity: 1 }))).status).toBe(400);
    const paid = await addItem(t.db, basketId, { productId: TOTE, quantity: 1 });
    expect(paid.itemId).not.toBe(itemId);
    const b = await pruneAndReadBasket(t.db, basketId);
    expect(b.lines.filter((i) => i.productId === TOTE).map((i) => [i.price, i.bonusProductLineItem])).toEqual([
      [0, true],
      [2499, false],
    ]);
    expect(b.summary.subTotal).toBe(2 * 5499 + 2499);
  });
});

describe('when the bag stops qualifying', () => {
  it('the free line is removed at the next read, from the view and from the bag', async () => {
    const { basketId, itemId } = await qualifyingBag();
    const free = await claim(basketId, TOTE);
    await updateItemQuantity(t.db, basketId, itemId, 1);
    // A plain read (no write) already leaves it out ...
    expect((await readBasket(t.db.kysely, basketId)).lines.map((i) => i.itemId)).toEqual([itemId]);
    // ... and the shopper's read deletes it.
    const b = await pruneAndReadBasket(t.db, basketId);
    expect(b.lines.map((i) => i.itemId)).toEqual([itemId]);
    expect(b.bonusOffers).toEqual([]);
    expect(b.totalQuantity).toBe(1);
    // The read that removed the gift says so, once.
    expect(b.notices).toEqual(['Your free gift (Canvas Tote) was removed because your bag no longer qualifies for it.']);
    expect((await pruneAndReadBasket(t.db, basketId)).notices).toEqual([]);
    expect(await t.db.kysely.selectFrom('basket_items').select('id').where('id', '=', free.itemId).executeTakeFirst()).toBeUndefined();
    // Qualifying again offers the gift again, unclaimed: the old line does not come back.
    await updateItemQuantity(t.db, basketId, itemId, 2);
    const again = await pruneAndReadBasket(t.db, basketId);
    expect(again.lines).toHaveLength(1);
    expect(again.bonusOffers[0]!.claimed).toBe(false);
  });

  it('removing the qualifying items removes the gift; an ended promotion takes its gift with it', async () => {
    const { basketId, itemId } = await qualifyingBag();
    await claim(basketId, SCARF);
    await removeItem(t.db, basketId, itemId);
    expect((await pruneAndReadBasket(t.db, basketId)).lines).toEqual([]);

    const other = await qualifyingBag();
    await claim(other.basketId, SCARF);
    await t.db.kysely.updateTable('bonus_promotions').set({ ends_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', OFFER).execute();
    try {
      const b = await pruneAndReadBasket(t.db, other.basketId);
      expect(b.lines.map((i) => i.bonusProductLineItem)).toEqual([false]);
      expect(b.bonusOffers).toEqual([]);
      expect((await refusal(claim(other.basketId, SCARF))).status).toBe(404);
    } finally {
      await t.db.kysely.updateTable('bonus_promotions').set({ ends_at: null }).where('id', '=', OFFER).execute();
    }
  });
});

describe('at sign-in', () => {
  it("a guest's free gift does not join a stored bag that already has one, nor merge into a bought line", async () => {
    const stored = await qualifyingBag();
    await claim(stored.basketId, TOTE);
    const guest = await qualifyingBag();
    await claim(guest.basketId, SCARF);
    await addItem(t.db, guest.basketId, { productId: TOTE, quantity: 1 });
    // The account whose stored bag the guest bag joins.
    const customerId = 'bonus-merge-customer';
    await t.db.kysely
      .insertInto('customers')
      .values({
        id: customerId,
        email: 'bonus.merge@example.com',
        first_name: 'Bo',
        last_name: 'Nus',
        password_hash: null,
        basket_id: stored.basketId,
        created_at: new Date().toISOString(),
        email_verified_at: null,
      })
      .execute();
    const outcome = await withWriteTransaction(t.db, (tx) => mergeBaskets(t.db, tx, guest.basketId, customerId));
    expect(outcome.basketId).toBe(stored.basketId);
    const b = await pruneAndReadBasket(t.db, outcome.basketId);
    const free = b.lines.filter((i) => i.bonusProductLineItem);
    expect(free.map((i) => i.productId)).toEqual([TOTE]);
    expect(b.lines.find((i) => i.productId === TOTE && !i.bonusProductLineItem)).toMatchObject({ quantity: 1, price: 2499 });
    expect(b.lines.find((i) => i.productId === 'ww-2001-ivr-M')!.quantity).toBe(4);
  });
});
