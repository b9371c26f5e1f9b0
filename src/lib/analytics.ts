/**
 * Site analytics hooks (header spec §8: "Error alerts also emit a site error analytics event"). The store has no
 * analytics vendor of its own: events go to `window.dataLayer` (the convention tag managers read) and as a DOM
 * event, so whichever tag a brand installs can listen without the islands knowing about it.
 */
export const SITE_ERROR_EVENT = 'siteError';

export interface SiteErrorDetail {
  /** The error text the shopper is shown. */
  message: string;
  /** HTTP status of the failed call (0 when the network failed). */
  status: number;
  /** The API path that failed. */
  path: string;
  /** The flow the failure belongs to, when a report tells flows apart (checkout spec §8: express checkout). */
  flow?: SiteErrorFlow;
}

/** Checkout spec §8: an express web payment place-order failure is "tagged express checkout". */
export const EXPRESS_CHECKOUT_FLOW = 'express checkout';
export type SiteErrorFlow = typeof EXPRESS_CHECKOUT_FLOW;

/**
 * Pushed at once, not after the wait for the data layer (src/lib/analytics/data-layer.ts): an error is often the last
 * thing a page does before the shopper leaves it. Skipped with analytics disabled; the DOM event, which sends the
 * error to the server's log (src/lib/analytics/site-logging.ts), fires either way.
 */
export function emitSiteError(detail: SiteErrorDetail): void {
  if (typeof window === 'undefined') return;
  if (document.documentElement.dataset['analytics'] !== 'off') {
    const w = window as Window & { dataLayer?: unknown[] };
    w.dataLayer ??= [];
    w.dataLayer.push({ event: SITE_ERROR_EVENT, ...detail });
  }
  window.dispatchEvent(new CustomEvent<SiteErrorDetail>(SITE_ERROR_EVENT, { detail }));
}
