import { sendPageLoad } from '#src/lib/analytics/data-layer.ts';
import { findingMethod, type FindingMethod, FINDING_METHODS, withAddToCartMethod } from '#src/lib/schemas/server-cookies.ts';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { documentCookies, readCookie } from '#src/lib/cookies.ts';

/**
 * A product page's analytics (product spec §7, header spec §7): the page-load call with the product, and the cookies
 * the server sets for the page's tags: how the shopper found the product, and its default colour and merch type. The
 * page is the same for every visitor (it is cached), so what differs per visit is read here, in the browser.
 */
export function startProductAnalytics(): void {
  const el = document.querySelector<HTMLElement>('[data-product-analytics]');
  const productId = el?.dataset['productId'];
  if (!el || !productId) return;
  void sendPageLoad({ page_type: 'product', product_id: productId });
  const cookies: Record<string, string> = { productFindingMethod: findingMethod(new URL(window.location.href), document.referrer) };
  if (el.dataset['defaultColor']) cookies['defaultColor'] = el.dataset['defaultColor'];
  if (el.dataset['merchType']) cookies['merchType'] = el.dataset['merchType'];
  void callApi(API.setServerCookie, { cookies }, { unreported: true });
}

/** After a product is added to the bag: the add-to-cart method map records how it was found. */
export function recordAddToCartMethod(productId: string): void {
  const found = readCookie(documentCookies(), 'productFindingMethod');
  const method: FindingMethod = FINDING_METHODS.includes(found as FindingMethod) ? (found as FindingMethod) : 'direct';
  const map = withAddToCartMethod(readCookie(documentCookies(), 'addToCartMethod'), productId.replace(/[^A-Za-z0-9-]/g, ''), method);
  void callApi(API.setServerCookie, { cookies: { addToCartMethod: map } }, { unreported: true });
}
