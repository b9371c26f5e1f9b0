import { atom, computed } from 'nanostores';
import { callApi } from '../api-client.ts';
import type { BasketView } from '../commerce-types.ts';
import type { AddToBagInput } from '../schemas/basket.ts';

/** The shopper's bag as the server last returned it. Islands never compute totals; they show these. */
export const $bag = atom<BasketView | null>(null);
export const $bagCount = computed($bag, (bag) => bag?.totalQuantity ?? 0);
/** The line waiting on the server (its row shows a loading overlay), or null. */
export const $bagPendingItem = atom<string | null>(null);
export const $bagError = atom<string | null>(null);

let loading: Promise<void> | undefined;

export function loadBag(): Promise<void> {
  loading ??= callApi<{ basket: BasketView }>('GET', '/api/checkout/basket').then((r) => {
    if (r.ok) $bag.set(r.body.basket);
    else $bagError.set(r.message);
  });
  return loading;
}

export async function addToBag(input: AddToBagInput): Promise<{ ok: true } | { ok: false; message: string }> {
  const r = await callApi<{ basket: BasketView }>('POST', '/api/checkout/product/add_to_cart', input);
  if (!r.ok) return r;
  $bag.set(r.body.basket);
  return { ok: true };
}

async function changeLine(itemId: string, call: () => ReturnType<typeof callApi<{ basket: BasketView }>>): Promise<void> {
  $bagPendingItem.set(itemId);
  $bagError.set(null);
  const r = await call();
  $bagPendingItem.set(null);
  if (r.ok) $bag.set(r.body.basket);
  else $bagError.set(r.message);
}

export const updateLineQuantity = (itemId: string, quantity: number) =>
  changeLine(itemId, () => callApi('POST', '/api/checkout/basket/update/updateBasketItem', { itemId, body: { quantity } }));

export const removeLine = (itemId: string) =>
  changeLine(itemId, () => callApi('DELETE', '/api/checkout/basket/delete/deleteBasketItem/', { itemId }));

export async function chooseShippingMethod(shippingMethodId: string): Promise<void> {
  const r = await callApi<{ basket: BasketView }>('POST', '/api/checkout/shipping_method/', { shippingMethodId });
  if (r.ok) $bag.set(r.body.basket);
  else $bagError.set(r.message);
}
