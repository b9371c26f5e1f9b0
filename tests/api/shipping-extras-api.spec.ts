import { expect, test } from '@playwright/test';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';

/**
 * The shipping step's endpoints over HTTP: POST /checkout/api/route_package_protection (product spec §7; under
 * /checkout/api, not /api) answers {status:'success', body:{basket}} for add, remove and autoapply and refuses a bad
 * action; POST /api/checkout/ecoship/ holds the choice; a P.O. box address for a bag holding an item that cannot go
 * to one is refused with 409 and its message.
 */
const TEE = 'fb-1002-olv-M';
const ADDRESS = TEST_ADDRESS;

test('package protection: add, remove, autoapply (once) and bad input', async ({ request }) => {
  await request.post('/api/checkout/product/add_to_cart', { data: { productId: TEE, quantity: 1 } });
  const call = (data: unknown) => request.post('/checkout/api/route_package_protection', { data });

  const added = await call({ action: 'add', basketId: 'ignored: the session names the bag' });
  expect(added.status()).toBe(200);
  const body = await added.json();
  expect(body.status).toBe('success');
  const fee = body.body.basket.c_packageProtection.fee;
  expect(fee).toBeGreaterThan(0);
  expect(body.body.basket.c_summary).toMatchObject({ routePackageProtectionFee: fee, routeProtectionDisplayValue: `$${(fee / 100).toFixed(2)}` });

  const removed = (await (await call({ action: 'remove' })).json()).body.basket;
  expect(removed.c_summary.routePackageProtectionFee).toBe(0);
  expect(removed.c_summary.orderTotal).toBe(body.body.basket.c_summary.orderTotal - fee);
  const auto = (await (await call({ action: 'autoapply' })).json()).body.basket;
  expect(auto.c_packageProtection.isApplied).toBe(false);

  for (const bad of [{}, { action: 'toggle' }, { action: 1 }]) {
    const r = await call(bad);
    expect(r.status()).toBe(400);
    expect(await r.json()).toMatchObject({ status: 'error', message: expect.any(String) });
  }
});

test('without a bag, protection and EcoShip are refused with 409 and change nothing', async ({ request }) => {
  const r = await request.post('/checkout/api/route_package_protection', { data: { action: 'autoapply' } });
  expect(r.status()).toBe(409);
  expect((await r.json()).status).toBe('error');
  expect((await request.post('/api/checkout/ecoship/', { data: { selected: true } })).status()).toBe(409);
});

test('EcoShip is held for the bag and refused when the bag ships by Express', async ({ request }) => {
  await request.post('/api/checkout/product/add_to_cart', { data: { productId: TEE, quantity: 1 } });
  const on = (await (await request.post('/api/checkout/ecoship/', { data: { selected: true } })).json()).body.basket;
  expect(on.c_isEcoShip).toBe(true);
  expect(on.c_ecoship.ecoshipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const state = (await (await request.get('/api/checkout/state')).json()).body.checkout.basket;
  expect(state.c_isEcoShip).toBe(true);
  await request.post('/api/checkout/shipping_method/', { data: { shippingMethodId: 'Express' } });
  const refused = await request.post('/api/checkout/ecoship/', { data: { selected: true } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toBe('EcoShip is available only for items shipped by Standard Delivery.');
});

test('a P.O. box is refused with 409 for a bag holding an item that cannot go to one', async ({ request }) => {
  const product = (await (await request.post('/api/checkout/product/read', { data: { productId: 'ks-6006' } })).json()).body;
  const sku = product.variants.find((v: { inStock: boolean }) => v.inStock).id;
  await request.post('/api/checkout/product/add_to_cart', { data: { productId: sku, quantity: 1 } });
  const r = await request.post('/api/checkout/shipping_address/create/', {
    data: { address: { ...ADDRESS, address1: 'P.O. Box 42' }, saveToProfile: false, make_address_default: false },
  });
  expect(r.status()).toBe(409);
  expect(await r.json()).toEqual({
    status: 'error',
    message: 'These items cannot be shipped to a P.O. Box. Edit your address or remove this item. (Knee-High Boot)',
  });
  const ok = await request.post('/api/checkout/shipping_address/create/', {
    data: { address: ADDRESS, saveToProfile: false, make_address_default: false },
  });
  expect(ok.status()).toBe(200);
});
