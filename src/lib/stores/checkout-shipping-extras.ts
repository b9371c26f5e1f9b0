import { type ApiResult, callApi } from '../api-client.ts';
import { API } from '../api/contract.ts';
import type { BasketView } from '../commerce-types.ts';
import { $bag } from './bag.ts';
import { $checkout } from './checkout.ts';

/**
 * The shipping step's extras (package protection, EcoShip, removing items that cannot go to a P.O. box): each call
 * answers with the bag, which replaces the one the checkout and the bag show. A failed call is reported (callApi
 * emits a site error event) and changes nothing (product spec §7).
 */
type Result = { ok: true } | { ok: false; message: string; status: number };

function takeBasket(basket: BasketView): void {
  const current = $checkout.get();
  if (current) $checkout.set({ ...current, basket });
  $bag.set(basket);
}

async function basketCall(call: Promise<ApiResult<{ basket: BasketView }>>): Promise<Result> {
  const r = await call;
  if (!r.ok) return r;
  takeBasket(r.body.basket);
  return { ok: true };
}

export type ProtectionAction = 'add' | 'remove' | 'autoapply';

export const routePackageProtection = (action: ProtectionAction) => basketCall(callApi(API.packageProtection, { action }));

export const chooseEcoship = (selected: boolean) => basketCall(callApi(API.ecoship, { selected }));

/** Removes lines one by one (the bag's delete endpoint); stops at the first that fails. */
export async function removeLines(itemIds: string[]): Promise<Result> {
  for (const itemId of itemIds) {
    const r = await basketCall(callApi(API.removeLine, { itemId }));
    if (!r.ok) return r;
  }
  return { ok: true };
}
