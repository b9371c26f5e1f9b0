import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItem, pruneAndReadBasket, removeItem, setShippingMethod, updateItemQuantity } from '#src/server/commerce/basket.ts';
import { bagShipsNothing } from '#src/server/commerce/basket-load.ts';
import { CommerceError } from '#src/server/commerce/errors.ts';
import { readProduct } from '#src/server/commerce/catalog.ts';
import { listShippingMethods } from '#src/server/commerce/shipping.ts';
import { applyCode } from '#src/server/commerce/coupons.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

// A stock change that touches no row is a mistake in the test (a SKU that does not exist), not a setup step.
const setStock = async (sku: string, onHand: number) => {
  const r = await t.db.kysely.updateTable('stock').set({ on_hand: onHand }).where('sku', '=', sku).executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new Error(`no stock row for ${sku}`);
};
const rejects = async (p: Promise<unknown>, code: string) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CommerceError);
  expect((err as CommerceError).code).toBe(code);
};

describe('catalog read', () => {
  it('returns a product with variants, stock per colour and size, price data and colour groups', async () => {
    const p = (await readProduct(t.db, 'fb-1001'))!;
    expect(p.variationAttributes.map((a) => a.id)).toEqual(['color', 'size']);
    expect(p.variants.length).toBe(4 * 5);
    expect(p.colorGroups.map((g) => g.type)).toEqual(['regularColors', 'clearanceColors']);
    // 20 % promotion on Fernbrook tops: $24.99 → $19.99
    expect(p.variants.find((v) => v.id === 'fb-1001-blk-M')).toMatchObject({ listPrice: 2499, salePrice: 2499, finalPrice: 1999, inStock: true });
    expect(p.promotions['fb-tops-20']?.calloutMsg).toBe('20% off all Fernbrook tops');
    expect(p.priceData.finalPrice.min).toBeLessThan(p.priceData.finalPrice.max);
  });
  it("says how a product ships (product spec §3 shippingData): the catalog's P.O. box exclusion and heavy-item surcharge", async () => {
    expect((await readProduct(t.db, 'ks-6006'))?.shippingData).toEqual({
      isDropShip: false,
      isEligibleForExpeditedShipping: true,
      isInternationalShippingEligible: false,
      isPOBoxExcluded: true,
      extraPostageCode: null,
      shippingSurcharge: 499,
    });
    expect((await readProduct(t.db, 'fb-1001'))?.shippingData).toMatchObject({ isPOBoxExcluded: false, shippingSurcharge: 0 });
  });
  it("says whether a product carries California's Proposition 65 warning (isProp65, the catalog's prop65)", async () => {
    expect(await readProduct(t.db, 'ks-6006')).toMatchObject({ isProp65: true, isMarketplaceItem: false, isMonogrammable: false });
    expect((await readProduct(t.db, 'fb-1001'))?.isProp65).toBe(false);
  });
  it('finds a product by slug and reports a sold-out product as completeOOS', async () => {
    expect((await readProduct(t.db, 'quilted-vest-fb-1006'))?.completeOOS).toBe(true);
    expect(await readProduct(t.db, 'no-such-product')).toBeNull();
  });
});

describe('basket', () => {
  it('creates a basket on first add, merges the same variant and computes totals on the server', async () => {
    const { basketId, itemId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 2 });
    const again = await addItem(t.db, basketId, { productId: 'fb-1001-blk-M', quantity: 1 });
    expect(again.itemId).toBe(itemId);
    const b = await pruneAndReadBasket(t.db, basketId);
    expect(b.lines).toHaveLength(1);
    expect(b.lines[0]).toMatchObject({ quantity: 3, basePrice: 1999, price: 5997 });
    expect(b.summary).toMatchObject({ subTotal: 5997, shippingAndHandling: 799, orderTotal: 6796, youSaved: 1500 });
    expect(b.totalQuantity).toBe(3);
    expect(b.lastAdded).toMatchObject({ itemId, quantity: 3, salePrice: 1999, originalPrice: 2499 });
  });

  it('refuses unknown variants, sold-out variants and quantities past the limit, changing nothing', async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'ww-2003-nvy-M', quantity: 9 });
    await rejects(addItem(t.db, basketId, { productId: 'nope', quantity: 1 }), 'not_found');
    await rejects(addItem(t.db, basketId, { productId: 'ww-2003-nvy-M', quantity: 2 }), 'quantity');
    await setStock('ww-2003-nvy-S', 0);
    await rejects(addItem(t.db, basketId, { productId: 'ww-2003-nvy-S', quantity: 1 }), 'out_of_stock');
    await t.db.kysely.updateTable('variants').set({ orderable: 0 }).where('sku', '=', 'ww-2003-nvy-L').execute();
    await rejects(addItem(t.db, basketId, { productId: 'ww-2003-nvy-L', quantity: 1 }), 'not_orderable');
    const b = await pruneAndReadBasket(t.db, basketId);
    expect(b.lines.map((i) => [i.productId, i.quantity])).toEqual([['ww-2003-nvy-M', 9]]);
  });

  it('limits the quantity to the stock left', async () => {
    const sku = (await readProduct(t.db, 'jl-4005'))!.variants.find((v) => v.color === 'cor' && v.size === 'M')!.id;
    await setStock(sku, 2);
    const { basketId } = await addItem(t.db, null, { productId: sku, quantity: 2 });
    await rejects(addItem(t.db, basketId, { productId: sku, quantity: 1 }), 'quantity');
  });

  it('prices hemming on the server and needs an offered inseam for a hemmed choice', async () => {
    const p = (await readProduct(t.db, 'ca-7001'))!;
    const v = p.variants.find((x) => x.inStock && x.sizeFamily === 'Misses')!;
    const hem = [{ optionId: 'hemming' as const, optionValueId: '1' as const }];
    await rejects(addItem(t.db, null, { productId: v.id, quantity: 1, optionItems: hem }), 'invalid');
    await rejects(addItem(t.db, null, { productId: v.id, quantity: 1, optionItems: hem, hemmingInseamLength: '33' }), 'invalid');
    const { basketId } = await addItem(t.db, null, { productId: v.id, quantity: 2, optionItems: hem, hemmingInseamLength: '28' });
    const line = (await pruneAndReadBasket(t.db, basketId)).lines[0]!;
    expect(line.optionItems).toEqual([{ optionId: 'hemming', optionValueId: '1', price: 800, itemText: 'Hemming: 28" inseam' }]);
    expect(line.price).toBe((v.finalPrice + 800) * 2);
    await rejects(addItem(t.db, basketId, { productId: 'fb-1001-blk-M', quantity: 1, optionItems: hem, hemmingInseamLength: '28' }), 'invalid');
  });

  it('needs To and From for a gift card and an e-mail for an e-gift card; they are always addable', async () => {
    await rejects(addItem(t.db, null, { productId: 'gc-2-gc-50', quantity: 1 }), 'invalid');
    await rejects(addItem(t.db, null, { productId: 'egc-3-egc-50', quantity: 1, giftCardRecipient: 'Ann', giftCardSender: 'Bo' }), 'invalid');
    const { basketId } = await addItem(t.db, null, {
      productId: 'egc-3-egc-50',
      quantity: 1,
      giftCardRecipient: 'Ann',
      giftCardSender: 'Bo',
      giftCardRecipientEmail: 'ann@example.com',
    });
    const b = await pruneAndReadBasket(t.db, basketId);
    expect(b.summary).toMatchObject({ subTotal: 5000, isDigitalItemsOnly: true, shippingAndHandling: 0, orderTotal: 5000 });
    // Read alone (PayPal's contacts ask it before taking an address), it says what the priced summary says.
    expect(await bagShipsNothing(t.db.kysely, basketId)).toBe(true);
    // The summary's delivery fields (product spec §3 "Order summary"): an e-gift card alone, e-mailed.
    expect(b.summary).toMatchObject({
      orderIncludesDigitalItem: true,
      isOnlyEGiftCard: true,
      isOnlySubscription: false,
      eDeliveryMessage: 'E-gift cards are e-mailed to their recipients as soon as your order is placed.',
    });
    const { itemId: tee } = await addItem(t.db, basketId, { productId: 'fb-1001-blk-M', quantity: 1 });
    expect(await bagShipsNothing(t.db.kysely, basketId)).toBe(false);
    expect((await pruneAndReadBasket(t.db, basketId)).summary).toMatchObject({
      isDigitalItemsOnly: false,
      orderIncludesDigitalItem: true,
      isOnlyEGiftCard: false,
      eDeliveryMessage: 'E-gift cards are e-mailed to their recipients as soon as your order is placed.',
    });
    await removeItem(t.db, basketId, tee);
    expect(await bagShipsNothing(t.db.kysely, basketId)).toBe(true);
    const { basketId: empty } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
    await removeItem(t.db, empty, (await pruneAndReadBasket(t.db, empty)).lines[0]!.itemId);
    expect([(await pruneAndReadBasket(t.db, empty)).summary.isDigitalItemsOnly, await bagShipsNothing(t.db.kysely, empty)]).toEqual([false, false]);
  });

  it('updates quantities within bounds and removes lines', async () => {
    const { basketId, itemId } = await addItem(t.db, null, { productId: 'rm-3002-olv-M', quantity: 1 });
    await updateItemQuantity(t.db, basketId, itemId, 4);
    expect((await pruneAndReadBasket(t.db, basketId)).lines[0]?.quantity).toBe(4);
    await rejects(updateItemQuantity(t.db, basketId, itemId, 11), 'quantity');
    await rejects(updateItemQuantity(t.db, basketId, 'other', 1), 'not_found');
    await removeItem(t.db, basketId, itemId);
    expect((await pruneAndReadBasket(t.db, basketId)).lines).toEqual([]);
    await rejects(removeItem(t.db, basketId, itemId), 'not_found');
  });

  it('lists shipping methods priced for the basket and applies the chosen one', async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'ks-6003-blk-8_5-M', quantity: 1 }).catch(async () =>
      addItem(t.db, null, { productId: (await readProduct(t.db, 'ks-6003'))!.variants.find((v) => v.inStock)!.id, quantity: 1 }),
    );
    const { methods, selected } = await listShippingMethods(t.db, basketId);
    expect(selected).toBe('Regular');
    expect(methods.map((m) => [m.id, m.price])).toEqual([
      ['Regular', 0],
      ['Express', 1499],
      ['SuperFast', 2499],
    ]);
    await setShippingMethod(t.db, basketId, 'SuperFast');
    const b = await pruneAndReadBasket(t.db, basketId);
    expect(b.shipments[0]?.shippingMethod.id).toBe('SuperFast');
    expect(b.summary.orderTotal).toBe(b.summary.subTotal + 2499);
    await rejects(setShippingMethod(t.db, basketId, 'Teleport'), 'invalid');
  });

  it('recomputes prices at every read: the stored line holds no price', async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'ww-2004-blk-M', quantity: 1 });
    await t.db.kysely.updateTable('variants').set({ sale_price_cents: 1000 }).where('sku', '=', 'ww-2004-blk-M').execute();
    expect((await pruneAndReadBasket(t.db, basketId)).summary.subTotal).toBe(1000);
  });

  it('prices the listed shipping methods as the basket totals do, coupons included', async () => {
    // $84.98 of Willow & Wren: past the $75 threshold, but SAVE15 brings merchandise to $72.23.
    await t.db.kysely.updateTable('variants').set({ sale_price_cents: 2999 }).where('sku', '=', 'ww-2004-blk-M').execute();
    const { basketId } = await addItem(t.db, null, { productId: 'ww-2001-ivr-M', quantity: 1 });
    await addItem(t.db, basketId, { productId: 'ww-2004-blk-M', quantity: 1 });
    await applyCode(t.db, basketId, 'SAVE15', '', false);
    const basket = await pruneAndReadBasket(t.db, basketId);
    expect(basket.summary.subTotal).toBe(8498);
    const { methods } = await listShippingMethods(t.db, basketId);
    expect(methods.find((m) => m.id === 'Regular')?.price).toBe(basket.summary.shippingAndHandling);
    expect(basket.summary.shippingAndHandling).toBe(799);
  });
});

describe('editing a line (quick shop in edit mode)', () => {
  it('takes another size of the same item within the same limits as adding', async () => {
    const { replaceItem } = await import('#src/server/commerce/basket-edit.ts');
    const { basketId, itemId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
    const variants = (await readProduct(t.db, 'fb-1001'))!.variants;
    const other = variants.find((x) => x.id !== 'fb-1001-blk-M' && x.inStock && x.maxOrderable >= 2)!;
    const soldOut = variants.find((x) => !x.inStock)!;
    await rejects(replaceItem(t.db, basketId, itemId, { productId: other.id, quantity: 11 }), 'quantity');
    await rejects(replaceItem(t.db, basketId, itemId, { productId: soldOut.id, quantity: 1 }), 'out_of_stock');
    await rejects(replaceItem(t.db, basketId, itemId, { productId: 'ww-2003-nvy-M', quantity: 1 }), 'invalid'); // another item
    await replaceItem(t.db, basketId, itemId, { productId: other.id, quantity: 2 });
    expect((await pruneAndReadBasket(t.db, basketId)).lines.map((i) => [i.productId, i.quantity])).toEqual([[other.id, 2]]);
  });
});
