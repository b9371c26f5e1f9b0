// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
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
  act(() => $bag.set({ ...bag, totalQuantity: bag.totalQuantity + 1 }));
  expect(screen.queryByRole('alert')).toBeNull();
});
