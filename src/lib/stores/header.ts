import { atom, computed } from 'nanostores';
import { FLYOUT_OPEN_DELAY_MS } from '../header/constants.ts';

/**
 * Header state shared by the header's scripts and islands (spec §4): which flyout is open, the hamburger menu,
 * the search overlay and its open submenus. Side effects (scroll lock, chat beacon, focus) run in `listen`
 * subscribers in the header scripts, not here.
 */
export type FlyoutId = 'plcc' | 'account' | 'minicart';

export const $flyout = atom<FlyoutId | null>(null);
export const $menuOpen = atom(false);
export const $openSubmenus = atom<string[]>([]);
export const $searchOpen = atom(false);
export const $smallScreen = atom(false);
/** Body scroll is locked while the menu is open, or the search overlay on a small screen. */
export const $scrollLocked = computed([$menuOpen, $searchOpen, $smallScreen], (menu, search, small) => menu || (search && small));
/** The chat beacon hides while any flyout is open. */
export const $chatHidden = computed($flyout, (f) => f !== null);

let pending: ReturnType<typeof setTimeout> | undefined;
let pendingId: FlyoutId | null = null;

/** Choosing a label: the same label toggles its flyout; a different one opens after the 150 ms delay. */
export function chooseFlyout(id: FlyoutId, delay = FLYOUT_OPEN_DELAY_MS): void {
  if ($flyout.get() === id || pendingId === id) {
    closeFlyout();
    return;
  }
  clearTimeout(pending);
  pendingId = id;
  pending = setTimeout(() => {
    pendingId = null;
    $flyout.set(id);
  }, delay);
}

/** True while a flyout is open or about to open (within its delay). */
export const isFlyoutOpening = (id: FlyoutId) => $flyout.get() === id || pendingId === id;

export function closeFlyout(): void {
  clearTimeout(pending);
  pendingId = null;
  $flyout.set(null);
}

export function openMenu(): void {
  closeFlyout();
  $searchOpen.set(false);
  $menuOpen.set(true);
}

export function closeMenu(): void {
  $menuOpen.set(false);
  $openSubmenus.set([]);
}

export const toggleMenu = () => ($menuOpen.get() ? closeMenu() : openMenu());

export function toggleSubmenu(id: string): void {
  const open = $openSubmenus.get();
  $openSubmenus.set(open.includes(id) ? open.filter((x) => x !== id) : [...open, id]);
}

export function openSearch(): void {
  closeFlyout();
  $searchOpen.set(true);
}

export const closeSearch = () => $searchOpen.set(false);
