import { writeDocumentCookie } from '#src/lib/cookies.ts';
import { COUNTRY_SWITCH_COOKIES } from '#src/lib/header/brand-context.ts';
import { PHONE_MEDIA } from '#src/lib/breakpoints.ts';
import { MOBILE_MENU_HEIGHT_OFFSET } from '#src/lib/header/constants.ts';
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
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { loadBag } from '#src/lib/stores/bag.ts';
import { $customer, loadCustomer, SIGNED_OUT } from '#src/lib/stores/customer.ts';
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
    // Open or about to open: entering again within the delay is not choosing the label again (which toggles it shut).
    if (isFlyoutOpening('minicart')) return;
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
  // Escape closes the open panel; focus inside it goes back to the panel's button (not to the page body).
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    const active = document.activeElement;
    const entry = active?.closest<HTMLElement>('[data-mega-entry].open');
    const inPanel = !!entry?.querySelector('[data-mega-panel]')?.contains(active);
    collapseAll();
    if (inPanel) entry?.querySelector<HTMLElement>('.mega-expand')?.focus();
  });

  startMobileMenu(header);
  startMenuTiming();
  startSticky(header);
  startCustomerView();
  startPopovers(header);
  startSignOut(header);

  header.querySelector('[data-international]')?.addEventListener('click', () => {
    for (const c of COUNTRY_SWITCH_COOKIES) writeDocumentCookie(c);
    const url = new URL(location.href);
    url.searchParams.set('openCountrySwitcher', 'true');
    location.assign(url);
  });
  // The reload opens the country switcher (a list of countries), not the popover the shopper came from.
  if (new URLSearchParams(location.search).get('openCountrySwitcher') === 'true') {
    const switcher = document.getElementById('country-switcher');
    switcher?.showPopover?.();
    switcher?.querySelector<HTMLElement>('select')?.focus();
  }
  startCountrySwitcher(header);

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
  const small = window.matchMedia(PHONE_MEDIA);
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

/**
 * The header's popovers (country, country switcher, Style Boxes) open under the button they belong to: a
 * native popover is centred in the window by default, away from its button. Each is placed when it opens and
 * follows its button on scroll and resize while open.
 */
function startPopovers(header: HTMLElement): void {
  for (const pop of header.querySelectorAll<HTMLElement>('[popover][data-anchor]')) {
    const anchor = document.getElementById(pop.dataset['anchor'] ?? '');
    if (!anchor) continue;
    const place = () => {
      const r = anchor.getBoundingClientRect();
      const width = pop.offsetWidth;
      pop.style.top = `${Math.round(r.bottom + 4)}px`;
      pop.style.left = `${Math.round(Math.min(Math.max(8, r.left), window.innerWidth - width - 8))}px`;
    };
    const follow = () => pop.matches(':popover-open') && place();
    pop.addEventListener('toggle', (e) => {
      if ((e as ToggleEvent).newState !== 'open') return;
      place();
    });
    pop.addEventListener('beforetoggle', (e) => (e as ToggleEvent).newState === 'open' && place());
    window.addEventListener('scroll', follow, { passive: true });
    window.addEventListener('resize', follow);
  }
}

/** The country switcher: the store ships to the United States only, and says so for any other country. */
function startCountrySwitcher(header: HTMLElement): void {
  const form = header.querySelector<HTMLFormElement>('[data-country-form]');
  const status = header.querySelector<HTMLElement>('[data-country-status]');
  if (!form || !status) return;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const select = form.querySelector<HTMLSelectElement>('select')!;
    const name = select.selectedOptions[0]?.textContent ?? '';
    if (select.value === 'US') {
      document.getElementById('country-switcher')?.hidePopover?.();
      const url = new URL(location.href);
      url.searchParams.delete('openCountrySwitcher');
      history.replaceState(history.state, '', url);
      return;
    }
    status.textContent = `We can't ship to ${name} yet: orders ship to addresses in the United States only.`;
  });
}

/** Sign Out in the account flyout: ends the session, then the header (and the page's bag) shows a guest. */
function startSignOut(header: HTMLElement): void {
  const button = header.querySelector<HTMLButtonElement>('[data-header-sign-out]');
  const status = header.querySelector<HTMLElement>('[data-header-status]');
  if (!button) return;
  button.addEventListener('click', async () => {
    button.setAttribute('aria-busy', 'true');
    const r = await callApi(API.signOut);
    button.removeAttribute('aria-busy');
    if (!r.ok) {
      if (status) status.textContent = 'Sign out did not complete. Please try again.';
      return;
    }
    // Pages that show the account itself have nothing left to show a guest.
    if (SIGNED_IN_PAGES.some((p) => location.pathname === p || location.pathname.startsWith(`${p}/`))) {
      location.assign('/home');
      return;
    }
    $customer.set(SIGNED_OUT);
    void loadBag(true);
    closeFlyout();
    header.querySelector<HTMLElement>('[data-flyout-trigger="account"]')?.focus();
    if (status) status.textContent = 'You are signed out.';
  });
}
const SIGNED_IN_PAGES = ['/my-account', '/wishlist', '/orders', '/rewards', '/checkout'];
