import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItem, pruneAndReadBasket, setShippingState, updateItemQuantity } from '#src/server/commerce/basket.ts';
import { readProduct } from '#src/server/commerce/catalog.ts';
import { replaceItem } from '#src/server/commerce/basket-edit.ts';
import { CommerceError } from '#src/server/commerce/errors.ts';
import { lineActions, checkoutBlocker, RESTRICTED_SHIPPING_CART_URL } from '#src/lib/bag-line-rules.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { bagToWire, lineToWire } from '#src/lib/api/wire.ts';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

const inStockSku = async (productId: string) => (await readProduct(t.db, productId))!.variants.find((v) => v.inStock && v.orderable)!.id;

describe('restricted shipping states', () => {
  it('the product lists the states it cannot ship to', async () => {
    expect((await readProduct(t.db, 'rm-3001'))!.restrictedShippingStates).toEqual(['CA', 'NY']);
    expect((await readProduct(t.db, 'fb-1001'))!.restrictedShippingStates).toEqual([]);
  });

  it('flags only the restricted line, and only while the bag ships to a restricted state', async () => {
    const shell = await inStockSku('rm-3001');
    const { basketId, itemId: shellLine } = await addItem(t.db, null, { productId: shell, quantity: 1 });
    await addItem(t.db, basketId, { productId: 'fb-1001-blk-M', quantity: 1 });
    const flags = async () => (await pruneAndReadBasket(t.db, basketId)).lines.map((i) => [i.masterId, i.showRestrictedShippingStateMessage]);

    expect(await flags()).toEqual([
      ['rm-3001', false],
      ['fb-1001', false],
    ]); // no state yet
    expect(checkoutBlocker(bagToWire(await pruneAndReadBasket(t.db, basketId)))).toBeNull();

    await setShippingState(t.db, basketId, 'ca');
    const inCa = await pruneAndReadBasket(t.db, basketId);
    expect(inCa.shipments[0]!.shippingAddress).toEqual({ stateCode: 'CA' });
    expect(await flags()).toEqual([
      ['rm-3001', true],
      ['fb-1001', false],
    ]);
    expect(lineActions(lineToWire(inCa.lines[0]!))).toMatchObject({ canChangeQuantity: false, canEdit: false, canRemove: true });
    expect(lineActions(lineToWire(inCa.lines[1]!))).toMatchObject({ canChangeQuantity: true, canEdit: true });
    expect(checkoutBlocker(bagToWire(inCa))).toBe(RESTRICTED_SHIPPING_CART_URL);
    // The server refuses what the line's controls do not offer: no quantity change, no edit.
    const refused = async (p: Promise<unknown>) =>
      (
        (await p.then(
          () => null,
          (e: unknown) => e,
        )) as CommerceError | null
      )?.message;
    expect(await refused(updateItemQuantity(t.db, basketId, shellLine, 2))).toBe(
      'This item cannot ship to the state you chose. Remove it to continue.',
    );
    const otherSize = (await readProduct(t.db, 'rm-3001'))!.variants.find((v) => v.inStock && v.id !== shell)!.id;
    expect(await refused(replaceItem(t.db, basketId, shellLine, { productId: otherSize, quantity: 1 }))).toBe(
      'This item cannot ship to the state you chose. Remove it to continue.',
    );
    expect((await pruneAndReadBasket(t.db, basketId)).lines[0]).toMatchObject({ productId: shell, quantity: 1 });
    // California's 7.25 % applies to the taxable merchandise.
    expect(inCa.taxTotal).toBe(inCa.summary.totalTax);
    expect(inCa.summary.totalTax).toBeGreaterThan(0);

    await setShippingState(t.db, basketId, 'OR');
    expect(await flags()).toEqual([
      ['rm-3001', false],
      ['fb-1001', false],
    ]);
    await setShippingState(t.db, basketId, 'NY');
    expect(await flags()).toEqual([
      ['rm-3001', true],
      ['fb-1001', false],
    ]);
    await setShippingState(t.db, basketId, null);
    expect(await flags()).toEqual([
      ['rm-3001', false],
      ['fb-1001', false],
    ]);
    // The line itself is untouched by the flag: quantity and price stay as they were.
    await updateItemQuantity(t.db, basketId, shellLine, 2);
    expect((await pruneAndReadBasket(t.db, basketId)).lines[0]!.quantity).toBe(2);
  });

  it('refuses a state the store does not know, and changes nothing', async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
    await setShippingState(t.db, basketId, 'TX');
    const err = await setShippingState(t.db, basketId, 'ZZ').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(CommerceError);
    expect((err as CommerceError).message).toBe('Please enter a valid state.');
    expect((await pruneAndReadBasket(t.db, basketId)).shipments[0]!.shippingAddress).toEqual({ stateCode: 'TX' });
  });

  it('an empty bag cannot enter checkout', () => {
    expect(checkoutBlocker({ productItems: [] })).toBe('/cart');
  });
});
