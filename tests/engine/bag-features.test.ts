import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItem, pruneAndReadBasket, removeItem } from '#src/server/commerce/basket.ts';
import { applyCode, readPromotion, removeCoupon } from '#src/server/commerce/coupons.ts';
import { CommerceError } from '#src/server/commerce/errors.ts';
import { addToWishlist, getWishlist, removeFromWishlist } from '#src/server/commerce/wishlist.ts';
import { joinWaitlist } from '#src/server/commerce/waitlist.ts';
import { createCustomer } from '#src/server/accounts/accounts.ts';
import { MAX_DISCOUNTS, MAX_DISCOUNTS_PER_BASKET } from '#src/lib/promo-code.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CommerceError);
  return err as CommerceError;
};
const promo = (id: string, code: string, over: Record<string, unknown> = {}) =>
  t.db.kysely
    .insertInto('promotions')
    .values({
      id,
      callout_msg: `${code} off`,
      details: 'Test',
      coupon_code: code,
      percent_off: 5,
      brand_code: 'fb',
      show_in_pdp: 0,
      starts_at: null,
      ends_at: null,
      ...over,
    })
    .execute();

describe('coupons on the bag', () => {
  it('SAVE15 takes 15 % off Willow & Wren lines: coupons row, order total and you saved include it', async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'ww-2001-ivr-M', quantity: 1 });
    await addItem(t.db, basketId, { productId: 'fb-1001-blk-M', quantity: 1 });
    const before = await pruneAndReadBasket(t.db, basketId);
    const outcome = await applyCode(t.db, basketId, ' save-15 ', '', false);
    expect(outcome).toMatchObject({ statusCode: 'applied', message: 'Code applied successfully' });
    const b = await pruneAndReadBasket(t.db, basketId);
    expect(b.couponItems).toEqual([
      expect.objectContaining({
        code: 'SAVE15',
        statusCode: 'applied',
        promotionId: 'ww-save15',
        discount: 825,
        message: 'Code applied. See Details for what it covers.',
      }),
    ]);
    expect(b.summary.subTotal).toBe(before.summary.subTotal);
    expect(b.summary.couponDiscount).toBe(825); // 15 % of $54.99, rounded to the cent
    expect(b.summary.orderTotal).toBe(before.summary.orderTotal - 825);
    expect(b.summary.youSaved).toBe(before.summary.youSaved + 825);
    const ww = b.lines.find((i) => i.productId === 'ww-2001-ivr-M')!;
    expect(ww.priceAdjustments).toEqual([
      { promotionId: 'ww-save15', couponCode: 'SAVE15', price: -825, itemText: 'SAVE15: Extra 15% off with code SAVE15' },
    ]);
    // Entering it again changes nothing.
    expect(await applyCode(t.db, basketId, 'SAVE15', '', false)).toMatchObject({ alreadyApplied: true });
    expect((await pruneAndReadBasket(t.db, basketId)).couponItems).toHaveLength(1);

    await removeCoupon(t.db, basketId, outcome.couponItemId);
    const after = await pruneAndReadBasket(t.db, basketId);
    expect(after.couponItems).toEqual([]);
    expect(after.summary).toEqual(before.summary);
    expect((await refusal(removeCoupon(t.db, basketId, outcome.couponItemId))).status).toBe(404);
  });

  it('a valid code with nothing to apply to waits, and applies once its conditions are met', async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
    await applyCode(t.db, basketId, 'dress10', '', false);
    let b = await pruneAndReadBasket(t.db, basketId);
    expect(b.couponItems[0]).toMatchObject({
      statusCode: 'valid but conditions not met',
      discount: 0,
      message: 'This code is valid. The discount applies once the conditions are met.',
    });
    expect(b.summary.couponDiscount).toBe(0);
    const dress = await addItem(t.db, basketId, { productId: 'jl-4003-ivr-8', quantity: 1 });
    b = await pruneAndReadBasket(t.db, basketId);
    expect(b.couponItems[0]).toMatchObject({ statusCode: 'applied', discount: 700 });
    await removeItem(t.db, basketId, dress.itemId);
    expect((await pruneAndReadBasket(t.db, basketId)).couponItems[0]?.statusCode).toBe('valid but conditions not met');
  });

  it('a code whose promotion has ended turns invalid/expired and takes nothing off', async () => {
    await promo('t-ending', 'ENDSOON', { percent_off: 50 });
    const { basketId } = await addItem(t.db, null, { productId: 'fb-1002-olv-M', quantity: 1 });
    await applyCode(t.db, basketId, 'ENDSOON', '', false);
    expect((await pruneAndReadBasket(t.db, basketId)).summary.couponDiscount).toBeGreaterThan(0);
    await t.db.kysely.updateTable('promotions').set({ ends_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', 't-ending').execute();
    const b = await pruneAndReadBasket(t.db, basketId);
    expect(b.couponItems[0]).toMatchObject({
      statusCode: 'invalid/expired',
      discount: 0,
      message: 'This code is no longer valid or has expired. Please remove it to continue.',
    });
    expect(b.summary.couponDiscount).toBe(0);
    // And it can no longer be entered.
    const other = await addItem(t.db, null, { productId: 'fb-1002-olv-M', quantity: 1 });
    expect((await refusal(applyCode(t.db, other.basketId, 'ENDSOON', '', false))).message).toMatch(/no longer valid or has expired/);
  });

  it('refuses unknown codes and malformed ones with the field message; stores nothing', async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
    expect((await refusal(applyCode(t.db, basketId, 'NOPE42', '', false))).message).toMatch(/not recognised/);
    expect((await refusal(applyCode(t.db, basketId, 'SAVE15!', '', false))).message).toBe('Please enter a valid code');
    expect((await refusal(applyCode(t.db, basketId, 'A'.repeat(20), '', false))).message).toBe('Please enter a valid code');
    expect((await pruneAndReadBasket(t.db, basketId)).couponItems).toEqual([]);
  });

  it(`holds at most ${MAX_DISCOUNTS_PER_BASKET} codes: 'Maximum number of discounts applied.'`, async () => {
    for (const n of [1, 2, 3, 4]) await promo(`t-extra-${n}`, `EXTRA${n}`);
    const { basketId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
    for (const n of [1, 2, 3]) await applyCode(t.db, basketId, `EXTRA${n}`, '', false);
    expect((await pruneAndReadBasket(t.db, basketId)).isMaxDiscountsApplied).toBe(true);
    const err = await refusal(applyCode(t.db, basketId, 'EXTRA4', '', false));
    expect(err.message).toBe(MAX_DISCOUNTS);
    expect(err.status).toBe(409);
  });

  it('recognises gift cards, certificates and card rewards and never stores them as coupons, never faking success', async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
    expect((await refusal(applyCode(t.db, basketId, '6006491234567890', '', false))).message).toBe('Please enter a 4-digit pin');
    expect((await refusal(applyCode(t.db, basketId, '600649123456', '1234', false))).message).toBe('Valid gift card number is required');
    const gift = await refusal(applyCode(t.db, basketId, '6006-4912-3456-7890', '1234', false));
    expect(gift.status).toBe(422);
    expect(gift.message).toMatch(/payment step of checkout/);
    expect((await refusal(applyCode(t.db, basketId, 'X12', '', true))).message).toBe('Invalid certificate number');
    expect((await refusal(applyCode(t.db, basketId, 'X'.padEnd(19, '7'), '', false))).message).toBe('Please sign in to use this code.');
    // A signed-in shopper's certificate becomes a tender before it reaches the coupons (tests/engine/reward-tenders.test.ts).
    expect((await refusal(applyCode(t.db, basketId, 'X'.padEnd(19, '7'), '', true))).message).toBe('Invalid certificate number');
    const cardReward = await refusal(applyCode(t.db, basketId, 'RW'.padEnd(16, '7'), '', true));
    expect(cardReward.status).toBe(422);
    expect(cardReward.message).toMatch(/issued as reward certificates/);
    expect((await pruneAndReadBasket(t.db, basketId)).couponItems).toEqual([]);
  });

  it('reads a promotion for the Details modal', async () => {
    expect(await readPromotion(t.db, 'ww-save15')).toEqual({
      promotionId: 'ww-save15',
      calloutMsg: 'Extra 15% off with code SAVE15',
      details: 'Enter SAVE15 in your bag. Combines with other codes, up to 3 per order; each item takes its best code.',
      couponCodeID: 'SAVE15',
    });
    expect((await readPromotion(t.db, 'fb-tops-20')).couponCodeID).toBeNull();
    expect((await refusal(readPromotion(t.db, 'nope'))).status).toBe(404);
  });

  it('a deleted basket takes its codes with it', async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'ww-2001-ivr-M', quantity: 1 });
    await applyCode(t.db, basketId, 'SAVE15', '', false);
    await t.db.kysely.deleteFrom('baskets').where('id', '=', basketId).execute();
    expect(await t.db.kysely.selectFrom('basket_coupons').selectAll().where('basket_id', '=', basketId).execute()).toEqual([]);
  });
});

describe('wishlist', () => {
  const customer = (tag: string) =>
    createCustomer(t.db, { email: `${tag}.${Math.random().toString(36).slice(2)}@example.com`, firstName: 'W', lastName: 'L', password: null });

  it('starts empty, saves a variant or a product once each, and reads prices and stock now', async () => {
    const c = await customer('wl');
    expect(await getWishlist(t.db, c.id)).toEqual({ id: null, items: [] });
    await addToWishlist(t.db, c.id, 'fb-1001-blk-M');
    await addToWishlist(t.db, c.id, 'fb-1001-blk-M');
    const w = await addToWishlist(t.db, c.id, 'gc-2');
    expect(w.id).toBeTruthy();
    expect(w.items.map((i) => i.productId)).toEqual(['fb-1001-blk-M', 'gc-2']);
    expect(w.items[0]).toMatchObject({
      productId: 'fb-1001-blk-M',
      masterId: 'fb-1001',
      productName: 'Everyday Crew Tee',
      colorName: 'Black',
      sizeLabel: 'M',
      price: 1999,
      canAddToBag: true,
      inStock: true,
    });
    expect(w.items[1]).toMatchObject({ productId: 'gc-2', canAddToBag: false });
    expect((await refusal(addToWishlist(t.db, c.id, 'no-such'))).status).toBe(404);
  });

  it('removes an entry from the own list only', async () => {
    const a = await customer('a');
    const b = await customer('b');
    const wa = await addToWishlist(t.db, a.id, 'rm-3002-olv-M');
    const wb = await addToWishlist(t.db, b.id, 'rm-3002-olv-M');
    const itemA = wa.items[0]!.id;
    expect((await refusal(removeFromWishlist(t.db, b.id, itemA, wb.id!))).status).toBe(404);
    expect((await refusal(removeFromWishlist(t.db, b.id, itemA, wa.id!))).status).toBe(404);
    const after = await removeFromWishlist(t.db, a.id, itemA, wa.id!);
    expect(after.items).toEqual([]);
    expect((await getWishlist(t.db, b.id)).items.map((i) => i.productId)).toEqual(['rm-3002-olv-M']);
  });
});

describe('waitlist', () => {
  it('stores one sign-up per sold-out size and e-mail', async () => {
    await joinWaitlist(t.db, 'fb-1006-olv-M', 'Wait@Example.com');
    await joinWaitlist(t.db, 'fb-1006-olv-M', 'wait@example.com');
    const rows = await t.db.kysely.selectFrom('waitlist_entries').selectAll().where('sku', '=', 'fb-1006-olv-M').execute();
    expect(rows.map((r) => r.email)).toEqual(['wait@example.com']);
  });
  it('refuses an unknown size (404) and one that can be bought now (409)', async () => {
    expect((await refusal(joinWaitlist(t.db, 'nope', 'a@example.com'))).status).toBe(404);
    expect((await refusal(joinWaitlist(t.db, 'fb-1001-blk-M', 'a@example.com'))).status).toBe(409);
  });
});
