import { expect, test, type APIRequestContext } from '@playwright/test';
import { SECOND_INSTANCE_PORT } from '../../playwright.config.ts';

let n = 0;
const address = () => `10.77.${n++ & 255}.${Math.floor(Math.random() * 250)}`;

/**
 * Two tabs (two browsers' worth of cookies) with their own guest bags sign in to one account at the same moment,
 * each through a different app instance: neither bag is lost, and both tabs go on with the account's one bag.
 */
test('two guest bags signing in to one account at once both end in its one bag, on two instances', async ({ playwright, baseURL }) => {
  const other = baseURL!.replace(/:\d+$/, `:${SECOND_INSTANCE_PORT}`);
  const tab = (url: string) => playwright.request.newContext({ baseURL: url, extraHTTPHeaders: { 'x-forwarded-for': address() } });
  const add = async (r: APIRequestContext, productId: string) =>
    expect((await r.post('/api/checkout/product/add_to_cart', { data: { productId, quantity: 1 } })).status()).toBe(200);
  const bag = async (r: APIRequestContext) => (await (await r.get('/api/checkout/basket')).json()).body.basket;

  for (let run = 0; run < 4; run++) {
    const email = `two.tabs.${Date.now().toString(36)}.${run}@example.com`;
    const owner = await tab(baseURL!);
    expect((await owner.post('/api/global/register', { data: { firstName: 'Two', lastName: 'Tabs', email, password: 'secret123' } })).status()).toBe(
      200,
    );
    const [a, b] = [await tab(baseURL!), await tab(other)];
    await add(a, 'fb-1001-blk-M');
    await add(b, 'ww-2004-blk-M');
    const signIns = await Promise.all(
      [a, b].map((r) => r.post('/api/global/login', { data: { email, password: 'secret123', keepMeSignedIn: false } })),
    );
    expect(signIns.map((s) => s.status())).toEqual([200, 200]);

    const [bagA, bagB] = [await bag(a), await bag(b)];
    expect(bagB.basketId).toBe(bagA.basketId);
    expect(bagA.productItems.map((i: { productId: string }) => i.productId).sort()).toEqual(['fb-1001-blk-M', 'ww-2004-blk-M']);
    // Both tabs keep adding to that bag, not to an orphan.
    await add(b, 'jl-4001-cor-8');
    expect((await bag(a)).productItems).toHaveLength(3);
    await Promise.all([owner, a, b].map((r) => r.dispose()));
  }
});
