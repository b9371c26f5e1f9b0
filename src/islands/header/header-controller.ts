import { writeDocumentCookie } from '#src/lib/cookies.ts';
import { COUNTRY_SWITCH_COOKIES } from '#src/lib/header/brand-context.ts';
import { MOBILE_MENU_HEIGHT_OFFSET, SMALL_SCREEN_MAX_WIDTH } from '#src/lib/header/constants.ts';
import {
  $chatHidden,
  $flyout,
  $menuOpen,
  $openSubmenus,
  $scrollLocked,
  $smallScreen,
  chooseFlyout,
  closeFlyout,
  isFlyoutOpening,
  closeMenu,
  toggleMenu,
  toggleSubmenu,
  type FlyoutId,
} from '#src/lib/stores/header.ts';
import { loadCustomer } from '#src/lib/stores/customer.ts';
import { startCustomerView } from './customer-view.ts';
import { startMenuTiming } from './menu-timing.ts';
import { startSticky } from './sticky.ts';

/**
 * The header's behaviour without a framework: flyouts (150 ms open delay, toggle on the same label, close on the
 * close button, overlay, Escape or leaving the mini bag; focus moves in and back), the hamburger menu, scroll
 * lock, the chat beacon, the country control, the mega menu's timing and the signed-in switch.
 */
export function startHeader(): void {
  const header = document.querySelector<HTMLElement>('[data-site-header]');
  if (!header) return;
  const overlay = header.querySelector<HTMLElement>('[data-flyout-overlay]')!;
  const flyouts = new Map([...header.querySelectorAll<HTMLElement>('[data-flyout]')].map((f) => [f.dataset['flyout'] as FlyoutId, f]));
  const triggers = [...header.querySelectorAll<HTMLButtonElement>('[data-flyout-trigger]')];

  // Opened by a click or a key, focus moves into the flyout and returns to its trigger on close. Opened by
  // hovering the bag, focus stays where it is.
  let trigger: HTMLElement | null = null;
  let byHover = false;
  for (const t of triggers) {
    t.addEventListener('click', () => {
      const id = t.dataset['flyoutTrigger'] as FlyoutId;
      trigger = t;
      // A click on the caret of a mini bag the pointer just opened keeps it open, now as a chosen flyout.
      if (byHover && isFlyoutOpening(id)) {
        byHover = false;
        if ($flyout.get() === id) flyouts.get(id)?.focus();
        return;
      }
      byHover = false;
      chooseFlyout(id);
    });
  }
  const bagItem = header.querySelector<HTMLElement>('[data-minicart-hover]');
  const minicart = flyouts.get('minicart');
  bagItem?.addEventListener('mouseenter', () => {
    if ($flyout.get() === 'minicart') return;
    byHover = true;
    trigger = null;
    chooseFlyout('minicart');
  });
  const leave = (e: MouseEvent) => {
    const to = e.relatedTarget as Node | null;
    if (to && (bagItem?.contains(to) || minicart?.contains(to))) return;
    if ($flyout.get() === 'minicart' && byHover) closeFlyout();
  };
  bagItem?.addEventListener('mouseleave', leave);
  minicart?.addEventListener('mouseleave', leave);

  $flyout.subscribe((open) => {
    const hadFocus = [...flyouts.values()].some((f) => !f.hidden && f.contains(document.activeElement));
    for (const [id, el] of flyouts) el.hidden = id !== open;
    for (const t of triggers) t.setAttribute('aria-expanded', String(t.dataset['flyoutTrigger'] === open));
    overlay.hidden = open === null;
    if (open && !byHover) flyouts.get(open)?.focus();
    if (open === 'minicart') mountMiniBag();
    if (!open && hadFocus) trigger?.focus();
  });
  overlay.addEventListener('click', closeFlyout);
  for (const b of header.querySelectorAll('[data-flyout-close]')) b.addEventListener('click', closeFlyout);
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    if ($flyout.get()) closeFlyout();
    else if ($menuOpen.get()) {
      closeMenu();
      header.querySelector<HTMLElement>('[data-menu-toggle]')?.focus();
    }
  });

  // Chat beacon: hidden while a flyout is open (any element the chat vendor marks data-chat-beacon).
  $chatHidden.subscribe((hidden) => {
    for (const b of document.querySelectorAll<HTMLElement>('[data-chat-beacon]')) b.hidden = hidden;
  });

  // Mega menu panels open on hover (CSS) and, for keyboard users, with the expand button next to each heading.
  const expanders = [...header.querySelectorAll<HTMLButtonElement>('.mega-expand')];
  const collapseAll = (except?: HTMLButtonElement) => {
    for (const b of expanders)
      if (b !== except) {
        b.setAttribute('aria-expanded', 'false');
        b.closest('[data-mega-entry]')?.classList.remove('open');
      }
  };
  for (const b of expanders) {
    b.addEventListener('click', () => {
      const open = b.getAttribute('aria-expanded') !== 'true';
      collapseAll(b);
      b.setAttribute('aria-expanded', String(open));
      b.closest('[data-mega-entry]')?.classList.toggle('open', open);
    });
  }
  document.addEventListener('keydown', (e) => e.key === 'Escape' && collapseAll());

  startMobileMenu(header);
  startMenuTiming();
  startSticky(header);
  startCustomerView();

  header.querySelector('[data-international]')?.addEventListener('click', () => {
    for (const c of COUNTRY_SWITCH_COOKIES) writeDocumentCookie(c);
    const url = new URL(location.href);
    url.searchParams.set('openCountrySwitcher', 'true');
    location.assign(url);
  });
  if (new URLSearchParams(location.search).get('openCountrySwitcher') === 'true') {
    document.getElementById('country-popover')?.showPopover?.();
  }

  const load = () => void loadCustomer();
  if ('requestIdleCallback' in window) requestIdleCallback(load);
  else setTimeout(load, 1);
}

let miniBagMounted = false;

/** React and the mini bag's island load only when the mini bag is first opened (a separate chunk). */
function mountMiniBag(): void {
  if (miniBagMounted) return;
  const root = document.querySelector<HTMLElement>('[data-minibag-root]');
  if (!root) return;
  miniBagMounted = true;
  void import('./mount-mini-bag.tsx').then((m) => m.mountMiniBag(root));
}

function startMobileMenu(header: HTMLElement): void {
  const menu = document.querySelector<HTMLElement>('[data-mobile-menu]');
  const toggle = header.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  if (!menu || !toggle) return;
  const small = window.matchMedia(`(max-width: ${SMALL_SCREEN_MAX_WIDTH}px)`);
  $smallScreen.set(small.matches);
  small.addEventListener('change', (e) => {
    $smallScreen.set(e.matches);
    if (!e.matches) closeMenu();
  });
  const size = () => menu.style.setProperty('height', `${window.innerHeight - MOBILE_MENU_HEIGHT_OFFSET}px`);
  window.addEventListener('resize', size);
  toggle.addEventListener('click', toggleMenu);
  menu.querySelector('[data-menu-close]')?.addEventListener('click', () => {
    closeMenu();
    toggle.focus();
  });
  for (const b of menu.querySelectorAll<HTMLButtonElement>('[data-submenu]')) {
    b.addEventListener('click', () => toggleSubmenu(b.dataset['submenu']!));
  }
  $menuOpen.subscribe((open) => {
    menu.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (open) {
      size();
      menu.focus();
    }
  });
  $openSubmenus.subscribe((open) => {
    for (const b of menu.querySelectorAll<HTMLButtonElement>('[data-submenu]')) {
      const expanded = open.includes(b.dataset['submenu']!);
      b.setAttribute('aria-expanded', String(expanded));
      const list = document.getElementById(b.getAttribute('aria-controls') ?? '');
      if (list) list.hidden = !expanded;
    }
  });
  $scrollLocked.subscribe((locked) => document.body.classList.toggle('scroll-locked', locked));
}
