import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * Free gifts through HTTP: the basket's bonusDiscountLineItems, claiming one with add_to_cart and
 * bonusDiscountLineItemId, the refusals, the fixed quantity, and the gift leaving when the bag stops qualifying.
 * Each test is its own visitor (Playwright's request fixture has its own cookies).
 */
const OFFER = 'bonus-tote-75';
const add = (r: APIRequestContext, data: Record<string, unknown>) => r.post('/api/checkout/product/add_to_cart', { data: { quantity: 1, ...data } });
const claim = (r: APIRequestContext, productId: string, over: Record<string, unknown> = {}) =>
  add(r, { productId, bonusDiscountLineItemId: OFFER, ...over });

test('claim a free gift once the bag reaches $75; refusals say why', async ({ request }) => {
  let res = await add(request, { productId: 'ww-2001-ivr-M' });
  const blouse = (await res.json()).body.basket;
  expect(blouse.bonusDiscountLineItems).toEqual([]);
  res = await claim(request, 'fb-1007-ivr');
  expect(res.status()).toBe(409);
  expect(await res.json()).toEqual({ status: 'error', message: 'Your bag does not qualify for this free gift yet.' });

  res = await add(request, { productId: 'ww-2001-ivr-M' });
  const offer = (await res.json()).body.basket.bonusDiscountLineItems[0];
  expect(offer).toMatchObject({ id: OFFER, c_calloutMsg: 'Free canvas tote or silk scarf with $75 or more', maxBonusItems: 1, claimed: false });
  expect(offer.bonusProducts.map((p: { productId: string }) => p.productId)).toEqual(['fb-1007', 'jl-4007']);

  const refusals: [Record<string, unknown>, number, string | RegExp][] = [
    [{ productId: 'fb-1001-blk-M' }, 400, 'That item is not one of the free gifts offered.'],
    [{ productId: 'fb-1007-ivr', bonusDiscountLineItemId: 'not-an-offer' }, 404, /ended or could not be found/],
    [{ productId: 'fb-1007-ivr', bonusDiscountLineItemId: ' ' }, 400, 'The free gift offer is not valid.'],
    [{ productId: 'fb-1007-ivr', quantity: 2 }, 400, 'A free gift is added one at a time.'],
  ];
  for (const [over, status, message] of refusals) {
    const r = await claim(request, String(over.productId), over);
    expect(r.status(), JSON.stringify(over)).toBe(status);
    expect((await r.json()).message).toMatch(message);
  }

  res = await claim(request, 'jl-4007-cor', { price: 1 });
  expect(res.status()).toBe(200);
  const basket = (await res.json()).body.basket;
  const free = basket.productItems.find((i: { bonusProductLineItem: boolean }) => i.bonusProductLineItem);
  expect(free).toMatchObject({ productId: 'jl-4007-cor', quantity: 1, price: 0, bonusDiscountLineItemId: OFFER });
  expect(basket.bonusDiscountLineItems[0].claimed).toBe(true);
  expect(basket.c_summary).toMatchObject({ subTotal: 10998, youSaved: 0 });

  res = await claim(request, 'fb-1007-ivr');
  expect(res.status()).toBe(409);
  expect((await res.json()).message).toBe('You have already claimed your free gift.');
});

test("a free gift's quantity cannot change, and it leaves when the qualifying items do", async ({ request }) => {
  const blouse = (await (await add(request, { productId: 'ww-2001-ivr-M', quantity: 2 })).json()).body.basket.productItems[0].itemId;
  const basket = (await (await claim(request, 'fb-1007-ivr')).json()).body.basket;
  const free = basket.productItems.find((i: { bonusProductLineItem: boolean }) => i.bonusProductLineItem).itemId;

  const upd = await request.post('/api/checkout/basket/update/updateBasketItem', { data: { itemId: free, body: { quantity: 2 } } });
  expect(upd.status()).toBe(400);
  expect((await upd.json()).message).toBe('The quantity of a free gift cannot be changed.');

  const del = await request.delete('/api/checkout/basket/delete/deleteBasketItem/', { data: { itemId: blouse } });
  expect(del.status()).toBe(200);
  const after = (await del.json()).body.basket;
  expect(after.productItems).toEqual([]);
  expect(after.bonusDiscountLineItems).toEqual([]);
  const read = (await (await request.get('/api/checkout/basket')).json()).body.basket;
  expect(read.totalQuantity).toBe(0);
});
