/**
 * Quick shop is opened by a `quickShopEvent` on window carrying productId, productLink, templateProps and
 * modalProps (product spec §2). Anything may dispatch it: carousels, product tiles (a plain script), the bag's
 * Edit button. A recommendation flag is appended to the link, and a targeted-offer id is read from its query.
 */
export const QUICK_SHOP_EVENT = 'quickShopEvent';

export interface QuickShopDetail {
  productId: string;
  productLink: string;
  templateProps?: { mode?: 'add' | 'edit'; itemId?: string; variantId?: string; quantity?: number; hemming?: string | null };
  modalProps?: Record<string, unknown>;
}

export function openQuickShop(detail: QuickShopDetail): void {
  window.dispatchEvent(new CustomEvent<QuickShopDetail>(QUICK_SHOP_EVENT, { detail }));
}

/** The product link as opened from a recommendation, and the targeted-offer id its query carries, if any. */
export function quickShopLink(link: string): { href: string; offerId: string | null } {
  const url = new URL(link, 'http://store.invalid');
  const offerId = url.searchParams.get('offerId');
  url.searchParams.set('recommendation', 'true');
  return { href: `${url.pathname}${url.search}`, offerId };
}
