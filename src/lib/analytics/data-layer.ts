import { callApi } from '../api-client.ts';
import { API } from '../api/contract.ts';
import type { PayloadOf } from '../api/endpoint.ts';

/**
 * The page's analytics data (product spec §4, §7, §8, §9). Events go to `window.dataLayer`, the array the brand's tag
 * manager reads. The tag may load after the page's first events: each push waits for the data layer to exist, trying
 * up to ANALYTICS_TARGET_TRIES times every ANALYTICS_TARGET_WAIT_MS, then makes it itself so the events wait in it
 * for a tag that loads later. With analytics disabled (`<html data-analytics="off">`, ANALYTICS_DISABLED) no event is
 * pushed at all.
 */
export const ANALYTICS_TARGET_TRIES = 50;
export const ANALYTICS_TARGET_WAIT_MS = 50;

type AnalyticsWindow = Window & { dataLayer?: unknown[] };

export function analyticsDisabled(): boolean {
  return typeof document === 'undefined' || document.documentElement.dataset['analytics'] === 'off';
}

/** The data layer once it exists: a brand's tag made it, or the tries ran out and the store made it. */
export function analyticsTarget(): Promise<unknown[]> {
  const w = window as AnalyticsWindow;
  return new Promise((resolve) => {
    let tries = 0;
    const look = () => {
      if (Array.isArray(w.dataLayer)) return resolve(w.dataLayer);
      if (++tries >= ANALYTICS_TARGET_TRIES) {
        w.dataLayer = [];
        return resolve(w.dataLayer);
      }
      setTimeout(look, ANALYTICS_TARGET_WAIT_MS);
    };
    look();
  });
}

/** Pushes an event to the data layer, or nothing when analytics is disabled. */
export async function pushEvent(event: Record<string, unknown>): Promise<void> {
  if (analyticsDisabled()) return;
  (await analyticsTarget()).push(event);
}

/**
 * The page-load call (product spec §7), its reply merged into the data layer as the `pageload` event. Analytics
 * failing is no error the shopper sees (no site error event); the server logs what it refuses.
 */
export async function sendPageLoad(payload: PayloadOf<typeof API.pageLoad>): Promise<void> {
  if (analyticsDisabled()) return;
  const r = await callApi(API.pageLoad, payload, { unreported: true });
  if (r.ok) await pushEvent({ event: 'pageload', ...r.body });
}

/** The shipping methods as analytics names them (checkout spec §4 "Analytics maps Regular, Express, SuperFast"). */
export const SHIPPING_METHOD_ANALYTICS: Record<string, string> = {
  Regular: 'standard',
  Express: 'express',
  SuperFast: 'superfast',
};

export const shippingMethodEvent = (methodId: string) => ({
  event: 'shippingMethod',
  shipping_method: SHIPPING_METHOD_ANALYTICS[methodId] ?? 'other',
});
