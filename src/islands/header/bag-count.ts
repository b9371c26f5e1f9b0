import { $bagCount, loadBag } from '#src/lib/stores/bag.ts';

/**
 * The header's bag link (BagCount.astro) follows the shared $bagCount store, so it changes the moment the bag island
 * or the purchase area changes the bag. Not a React island: a count needs no framework.
 */
export function startBagCount(): void {
  const link = document.querySelector<HTMLAnchorElement>('[data-bag-link]');
  const badge = link?.querySelector('.bag-count');
  $bagCount.subscribe((count) => {
    if (!link || !badge) return;
    badge.textContent = String(count);
    link.setAttribute('aria-label', `Bag, ${count} ${count === 1 ? 'item' : 'items'}`);
  });
  const load = () => void loadBag();
  if ('requestIdleCallback' in window) requestIdleCallback(load);
  else setTimeout(load, 1);
}
