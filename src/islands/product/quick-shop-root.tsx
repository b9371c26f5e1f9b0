import { createRoot } from 'react-dom/client';
import type { QuickShopDetail } from '#src/lib/quick-shop.ts';
import { QuickShop } from './QuickShop.tsx';

/**
 * Mounted on demand by the layout's small listener the first time a quickShopEvent fires, so pages that never
 * open quick shop never download React for it.
 */
export function mountQuickShop(first: QuickShopDetail): void {
  const host = document.createElement('div');
  host.id = 'quick-shop-root';
  document.body.append(host);
  createRoot(host).render(<QuickShop initial={first} />);
}
