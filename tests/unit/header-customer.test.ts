import { afterEach, describe, expect, it, vi } from 'vitest';
import { allTasks, cleanStores } from 'nanostores';
import * as v from 'valibot';
import { MeReply } from '#src/lib/api/replies/me.ts';
import { $customer, SIGNED_OUT, loadCustomer } from '#src/lib/stores/customer.ts';
import {
  $flyout,
  $menuOpen,
  $openSubmenus,
  $scrollLocked,
  $searchOpen,
  $smallScreen,
  chooseFlyout,
  closeMenu,
  openMenu,
  toggleSubmenu,
} from '#src/lib/stores/header.ts';

describe('GET /api/global/me contract', () => {
  it('accepts the signed-in reply (extra keys dropped) and defaults the card-holder flag', () => {
    const out = v.parse(MeReply, { authenticated: true, firstName: 'Robin', email: 'r@example.com', rewards: null, tier: 'gold' });
    expect(out).toEqual({ authenticated: true, firstName: 'Robin', email: 'r@example.com', rewards: null, isPLCCHolder: 'N' });
  });
  it('a malformed reply leaves the header signed out', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ status: 'success', body: { authenticated: 'yes' } }), { status: 200 }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await loadCustomer();
    expect($customer.get()).toEqual(SIGNED_OUT);
    vi.unstubAllGlobals();
  });
});

describe('header state', () => {
  afterEach(() => {
    cleanStores($flyout, $menuOpen, $openSubmenus, $scrollLocked);
    vi.useRealTimers();
  });
  it('a flyout opens 150 ms after its label is chosen; the same label toggles it', async () => {
    vi.useFakeTimers();
    chooseFlyout('account');
    vi.advanceTimersByTime(149);
    expect($flyout.get()).toBeNull();
    vi.advanceTimersByTime(1);
    expect($flyout.get()).toBe('account');
    chooseFlyout('account');
    expect($flyout.get()).toBeNull();
    await allTasks();
  });
  it('opening the menu closes flyouts and search and locks scroll; closing clears submenus', () => {
    $flyout.set('minicart');
    $searchOpen.set(true);
    openMenu();
    toggleSubmenu('m0');
    expect($flyout.get()).toBeNull();
    expect($searchOpen.get()).toBe(false);
    expect($scrollLocked.get()).toBe(true);
    closeMenu();
    expect($openSubmenus.get()).toEqual([]);
    expect($scrollLocked.get()).toBe(false);
  });
  it('search locks scroll on small screens only', () => {
    $searchOpen.set(true);
    $smallScreen.set(false);
    expect($scrollLocked.get()).toBe(false);
    $smallScreen.set(true);
    expect($scrollLocked.get()).toBe(true);
    $searchOpen.set(false);
  });
});
