import { QUICK_SHOP_EVENT, type QuickShopDetail } from '#src/lib/quick-shop.ts';

/**
 * Quick shop opens on a window `quickShopEvent` (product spec §2). This listener is tiny; the modal and React are
 * loaded only when the first event fires.
 */
export function listenForQuickShop(): void {
  const onFirst = (event: Event) => {
    window.removeEventListener(QUICK_SHOP_EVENT, onFirst);
    const detail = (event as CustomEvent<QuickShopDetail>).detail;
    void import('./quick-shop-root.tsx').then((m) => m.mountQuickShop(detail));
  };
  window.addEventListener(QUICK_SHOP_EVENT, onFirst);

  // Product tiles are static HTML: their Quick Shop buttons carry the product in data attributes.
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-quick-shop]');
    if (!button) return;
    window.dispatchEvent(
      new CustomEvent<QuickShopDetail>(QUICK_SHOP_EVENT, {
        detail: { productId: button.dataset.quickShop!, productLink: button.dataset.link ?? '/' },
      }),
    );
  });
}
