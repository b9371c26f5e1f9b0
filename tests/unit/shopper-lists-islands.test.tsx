// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WaitlistForm } from '#src/islands/product/WaitlistForm.tsx';
import { WishlistToggle } from '#src/islands/wishlist/WishlistToggle.tsx';
import { $customer, SIGNED_OUT } from '#src/lib/stores/customer.ts';
import { $wishlist } from '#src/lib/stores/wishlist.ts';
import { meFixture, wishlistFixture, wishlistItemFixture } from '../helpers/reply-fixtures.ts';

const reply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(status < 400 ? { status: 'success', body } : { status: 'error', message: body }), { status });

afterEach(() => {
  cleanup();
  cleanStores($wishlist);
  $customer.set(SIGNED_OUT);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('waitlist form', () => {
  it('sends nothing while the e-mail is empty', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<WaitlistForm skuId="fb-1006-olv-M" />);
    fireEvent.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    expect(fetch).not.toHaveBeenCalled();
  });
  it('turns the notification into a success alert when the server accepts', async () => {
    const fetch = vi.fn(async () => reply({ skuId: 'fb-1006-olv-M', success: true }));
    vi.stubGlobal('fetch', fetch);
    render(<WaitlistForm skuId="fb-1006-olv-M" />);
    expect(screen.getByText(/This size is sold out/).className).toContain('notice-caution');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Me@Example.com' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Join Waitlist' })));
    expect(fetch).toHaveBeenCalledWith(
      '/api/pdp/joinWaitlist',
      expect.objectContaining({ body: JSON.stringify({ skuId: 'fb-1006-olv-M', emailId: 'me@example.com' }) }),
    );
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe("You're on the list. We'll email me@example.com when this size is back.");
    expect(status.className).toContain('notice-success');
  });
  it('logs a failure only: the form stays as it was', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply('Something went wrong on our side. Please try again.', 500)),
    );
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<WaitlistForm skuId="fb-1006-olv-M" />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'me@example.com' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Join Waitlist' })));
    expect(log).toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('me@example.com');
  });
});

describe('wishlist toggle', () => {
  const stubMedia = (small: boolean) =>
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: small })),
    );

  it('is not shown until the size rules allow it', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(meFixture())),
    );
    render(<WishlistToggle productId="fb-1001-blk-M" visible={false} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
  it('sends a guest on a small screen to register with the product held', async () => {
    stubMedia(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(meFixture())),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '' });
    render(<WishlistToggle productId="fb-1001-blk-M" visible />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Add to Wishlist/ })));
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    expect(assign).toHaveBeenCalledWith('/register?isopen=true&loginFromCartCTA=true&original=/cart&scope=wishlist&wishlistPID=fb-1001-blk-M');
  });
  it('adds for a signed-in customer, then removes on the next press', async () => {
    $customer.set({ authenticated: true, firstName: 'W', email: null, rewards: null, isPLCCHolder: 'N' });
    $wishlist.set(wishlistFixture());
    const saved = wishlistFixture([wishlistItemFixture({ id: 'I1', productId: 'fb-1001-blk-M' })]);
    const empty = wishlistFixture();
    const fetch = vi.fn(async (url: string) =>
      url.includes('addToWishlist')
        ? reply(saved)
        : url.includes('remove') || url.includes('getWishlist')
          ? reply(empty)
          : reply(meFixture({ authenticated: true, firstName: 'W' })),
    );
    vi.stubGlobal('fetch', fetch);
    render(<WishlistToggle productId="fb-1001-blk-M" visible />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Add to Wishlist/ })));
    const pressed = await screen.findByRole('button', { name: /Saved to Wishlist/ });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    await act(async () => fireEvent.click(pressed));
    await screen.findByRole('button', { name: /Add to Wishlist/ });
    expect(fetch).toHaveBeenCalledWith(
      '/api/global/wishlist/removeFromWishlist',
      expect.objectContaining({ method: 'DELETE', body: JSON.stringify({ itemId: 'I1', listId: 'L1' }) }),
    );
    expect(screen.getByRole('button', { name: /Add to Wishlist/ }).getAttribute('aria-pressed')).toBe('false');
  });
});
