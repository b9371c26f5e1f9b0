// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BonusDiscountLineItemView } from '#src/lib/commerce-types.ts';
import { $bag, $bagCount } from '#src/lib/stores/bag.ts';
import { BonusProductPicker } from '#src/islands/bag/BonusProductPicker.tsx';
import { basketFixture } from '../helpers/reply-fixtures.ts';

const offer: BonusDiscountLineItemView = {
  id: 'bonus-tote-75',
  c_calloutMsg: 'Free canvas tote or silk scarf with $75 or more',
  maxBonusItems: 1,
  claimed: false,
  bonusProducts: [
    {
      productId: 'fb-1007',
      productName: 'Canvas Tote',
      image: '/media/t.svg',
      price: 2499,
      variants: [{ productId: 'fb-1007-ivr', colorName: 'Ivory', sizeLabel: null, image: '/media/t.svg', orderable: true }],
    },
    {
      productId: 'jl-4007',
      productName: 'Printed Silk Scarf',
      image: '/media/s.svg',
      price: 3499,
      variants: [
        { productId: 'jl-4007-cor', colorName: 'Coral', sizeLabel: null, image: '/media/c.svg', orderable: false },
        { productId: 'jl-4007-tea', colorName: 'Teal', sizeLabel: null, image: '/media/e.svg', orderable: true },
      ],
    },
  ],
};
const reply = (body: unknown) =>
  new Response(JSON.stringify({ status: 'success', body }), { status: 200, headers: { 'content-type': 'application/json' } });

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});
afterEach(() => {
  cleanup();
  cleanStores($bag, $bagCount);
  vi.unstubAllGlobals();
});

describe('Claim Your Free Gift', () => {
  it('shows a loading state while the bag is read again, then the gifts with their colours', async () => {
    let release!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (release = r))),
    );
    render(<BonusProductPicker offer={offer} open onClose={() => {}} onClaimed={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('Loading your free gift choices…');
    expect(screen.queryByRole('list')).toBeNull();
    release(reply({ basket: basketFixture({ totalQuantity: 2 }) }));
    await screen.findByRole('list', { name: 'Free gifts to choose from' });
    // A sold-out colour cannot be chosen; the first colour in stock is chosen already.
    expect((screen.getByRole('radio', { name: 'Coral (out of stock)' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Teal' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Free (worth $24.99)')).toBeTruthy();
  });

  it('adds the chosen colour with the offer id, and reports the server refusal', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.includes('add_to_cart')
        ? new Response(JSON.stringify({ status: 'error', message: 'You have already claimed your free gift.' }), { status: 409 })
        : reply({ basket: basketFixture({ totalQuantity: 2 }) }),
    );
    vi.stubGlobal('fetch', fetch);
    const onClaimed = vi.fn();
    render(<BonusProductPicker offer={offer} open onClose={() => {}} onClaimed={onClaimed} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Printed Silk Scarf' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('You have already claimed your free gift.'));
    expect(fetch).toHaveBeenCalledWith(
      '/api/checkout/product/add_to_cart',
      expect.objectContaining({
        body: JSON.stringify({ productId: 'jl-4007-tea', quantity: 1, bonusDiscountLineItemId: 'bonus-tote-75' }),
      }),
    );
    expect(onClaimed).not.toHaveBeenCalled();
  });
});
