// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { PromoCodeForm } from '#src/islands/bag/PromoCodeForm.tsx';
import { $bag } from '#src/lib/stores/bag.ts';
import { basketFixture } from '../helpers/reply-fixtures.ts';

afterEach(() => {
  cleanup();
  $bag.set(null);
});

it('a refusal stays while the same bag is read again, and goes once the bag changes', () => {
  const bag = basketFixture({});
  $bag.set(bag);
  render(<PromoCodeForm />);
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  expect(screen.getByRole('alert').textContent).toBe('Please enter a valid code');
  // The page's own read of the bag lands after the shopper pressed Apply: the same bag, another object.
  act(() => $bag.set(structuredClone(bag)));
  expect(screen.getByRole('alert').textContent).toBe('Please enter a valid code');
  // A total the page updates by itself (the package protection it applies) is not what the refusal was about.
  act(() => $bag.set({ ...bag, orderTotal: bag.orderTotal + 98 }));
  expect(screen.getByRole('alert').textContent).toBe('Please enter a valid code');
  act(() =>
    $bag.set({
      ...bag,
      paymentInstruments: [{ paymentInstrumentId: 'pi-1', paymentMethodId: 'SVS_GIFT_CARD', c_giftCardNumber: '************4321', amount: 500 }],
    }),
  );
  expect(screen.queryByRole('alert')).toBeNull();
});

// The bag page's form is rendered on the server from the page's bag; the header's read of the bag can fill the store
// before the form wakes. Either way it wakes over the same HTML (a mismatch is React error #418 and a console error,
// which fails this test), the gift card paying the bag shown before and after.
it('shows the tenders of the bag the page was rendered with, and wakes over that HTML when the store was filled first', async () => {
  const bag = basketFixture({
    paymentInstruments: [{ paymentInstrumentId: 'pi-1', paymentMethodId: 'SVS_GIFT_CARD', c_giftCardNumber: '************4321', amount: 5000 }],
  });
  const container = document.createElement('div');
  container.innerHTML = renderToString(<PromoCodeForm initial={bag} />);
  document.body.append(container);
  expect(container.textContent).toContain('4321');
  $bag.set(structuredClone(bag));
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, <PromoCodeForm initial={bag} />);
  });
  expect(container.textContent).toContain('4321');
  act(() => root?.unmount());
});
