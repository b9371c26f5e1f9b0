import { expect, test } from '@playwright/test';
import { SECOND_INSTANCE_PORT } from '../../playwright.config.ts';

/** App servers hold no state another instance needs: a bag made on one instance is the same bag on the other. */
test('a session and its bag are served by any app instance', async ({ request, playwright, baseURL }) => {
  const added = await request.post('/api/checkout/product/add_to_cart', { data: { productId: 'jl-4001-cor-8', quantity: 1 } });
  expect(added.status(), await added.text()).toBe(200);
  const basketId = (await added.json()).body.basket.basketId;
  // Read here first: this instance now keeps the priced bag (src/server/bag/priced-bags.ts), and must not show it
  // once the other instance has changed the bag.
  expect((await (await request.get('/api/checkout/basket')).json()).body.basket.totalQuantity).toBe(1);
  const state = await request.storageState();
  const other = await playwright.request.newContext({
    baseURL: baseURL!.replace(/:\d+$/, `:${SECOND_INSTANCE_PORT}`),
    storageState: { cookies: state.cookies.map((c) => ({ ...c })), origins: [] },
  });
  const read = await (await other.get('/api/checkout/basket')).json();
  expect(read.body.basket.basketId).toBe(basketId);
  expect(read.body.basket.productItems[0].productId).toBe('jl-4001-cor-8');
  const upd = await other.post('/api/checkout/basket/update/updateBasketItem', {
    data: { itemId: read.body.basket.productItems[0].itemId, body: { quantity: 2 } },
  });
  expect(upd.status()).toBe(200);
  const back = await (await request.get('/api/checkout/basket')).json();
  expect(back.body.basket.totalQuantity).toBe(2);
  expect(back.body.basket.productItems[0].quantity).toBe(2);
  await other.dispose();
});
