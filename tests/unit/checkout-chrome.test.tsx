// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeaveCheckout } from '#src/islands/checkout/LeaveCheckout.tsx';
import { CheckoutFooter } from '#src/islands/checkout/CheckoutFooter.tsx';
import { supportId } from '#src/lib/checkout/support-id.ts';
import { SUPPORT_ID_MAX, SUPPORT_ID_MIN } from '#src/lib/constants.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  vi.fn(
    async (_path: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('the checkout header logo (leave checkout popover)', () => {
  const logo = () => screen.getByRole('link', { name: 'Seven Brands' });

  it('is a link to the bag, and a click opens the popover with focus inside it instead of leaving', () => {
    render(<LeaveCheckout />);
    expect(logo().getAttribute('href')).toBe('/cart');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(logo());
    const dialog = screen.getByRole('dialog', { name: 'Items in your bag are not reserved!' });
    expect(dialog.textContent).toContain('Are you sure you want to leave checkout?');
    expect(logo().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue Checkout' }));
    expect(screen.getByRole('link', { name: 'View Bag' }).getAttribute('href')).toBe('/cart');
  });

  it('closes on Escape and gives focus back to the logo', () => {
    render(<LeaveCheckout />);
    fireEvent.click(logo());
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(logo());
  });

  it('keeps focus inside: Tab from the last control goes to the first, Shift+Tab from the first to the last', () => {
    render(<LeaveCheckout />);
    fireEvent.click(logo());
    const first = screen.getByRole('button', { name: 'Continue Checkout' });
    const last = screen.getByRole('link', { name: 'View Bag' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('Continue Checkout closes it and returns focus to the logo', () => {
    render(<LeaveCheckout />);
    fireEvent.click(logo());
    fireEvent.click(screen.getByRole('button', { name: 'Continue Checkout' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(logo());
  });
});

describe('the checkout footer', () => {
  it('reveals the bag ID from POST /api/checkout/basket/id/ only when asked, in its short form a person can read out', async () => {
    const fetch = json(200, { status: 'success', body: { basketId: '0b8f7a52-3f7e-4c8e-9c55-7e0a4a3b2a11' } });
    vi.stubGlobal('fetch', fetch);
    render(<CheckoutFooter />);
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Show bag ID' }));
    expect(await screen.findByText('Bag ID: 1E7Q-MMHZ-FS68')).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/checkout/basket/id/');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('says the bag has no ID yet when there is no bag', async () => {
    vi.stubGlobal('fetch', json(200, { status: 'success', body: { basketId: null } }));
    render(<CheckoutFooter />);
    fireEvent.click(screen.getByRole('button', { name: 'Show bag ID' }));
    expect(await screen.findByText('Your bag is empty, so it has no ID yet.')).toBeTruthy();
  });

  it('makes a support ID from the random source, within 10000-99999 at both ends', () => {
    const values = [0, 0.999999999, 0.5];
    render(<CheckoutFooter random={() => values.shift() ?? 0} />);
    const button = screen.getByRole('button', { name: 'Get a support ID' });
    fireEvent.click(button);
    expect(screen.getByText('Support ID: 10000')).toBeTruthy();
    fireEvent.click(button);
    expect(screen.getByText('Support ID: 99999')).toBeTruthy();
    fireEvent.click(button);
    expect(screen.getByText('Support ID: 55000')).toBeTruthy();
  });

  it('support IDs from Math.random are whole 5-digit numbers in range', () => {
    expect([SUPPORT_ID_MIN, SUPPORT_ID_MAX]).toEqual([10000, 99999]);
    for (let i = 0; i < 1000; i++) {
      const id = supportId();
      expect(Number.isInteger(id) && id >= SUPPORT_ID_MIN && id <= SUPPORT_ID_MAX).toBe(true);
    }
  });
});
