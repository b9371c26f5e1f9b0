// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clampIconWidth, PAYMENT_ICON_WIDTH } from '#src/lib/checkout/card-icons.ts';
import { CardIcons } from '#src/islands/checkout/CardIcons.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const featured = (container: HTMLElement) => container.querySelector('.card-icon.featured svg')?.getAttribute('aria-label') ?? null;

describe('payment icons (checkout spec §9: 18 to 100 px wide)', () => {
  it('keeps every width within 18 to 100 px', () => {
    expect(clampIconWidth(5)).toBe(PAYMENT_ICON_WIDTH.min);
    expect(clampIconWidth(240)).toBe(PAYMENT_ICON_WIDTH.max);
    expect(clampIconWidth(44)).toBe(44);
  });
  it('names each card for a screen reader and emphasises the one being typed', () => {
    const { container } = render(<CardIcons current="American Express" />);
    expect(screen.getByRole('list', { name: 'Cards we accept' })).toBeTruthy();
    for (const name of ['Visa', 'Mastercard', 'American Express', 'Discover']) expect(screen.getByRole('img', { name })).toBeTruthy();
    expect(container.querySelector('.card-icon.active svg')?.getAttribute('aria-label')).toBe('American Express');
    for (const svg of container.querySelectorAll('svg')) {
      const width = Number(svg.getAttribute('width'));
      expect(width).toBeGreaterThanOrEqual(18);
      expect(width).toBeLessThanOrEqual(100);
    }
  });
});

describe('the card icon carousel (checkout spec §9: autoplay 2 s)', () => {
  beforeEach(() => vi.useFakeTimers());

  it('features the next card every 2 s, round again after the last', () => {
    const { container } = render(<CardIcons current="" />);
    expect(featured(container)).toBe('Visa');
    act(() => vi.advanceTimersByTime(1999));
    expect(featured(container)).toBe('Visa');
    act(() => vi.advanceTimersByTime(1));
    expect(featured(container)).toBe('Mastercard');
    act(() => vi.advanceTimersByTime(3 * 2000));
    expect(featured(container)).toBe('Visa');
  });

  it('stops on Pause and goes on with Play', () => {
    const { container } = render(<CardIcons current="" />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause the cards we accept' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(featured(container)).toBe('Visa');
    fireEvent.click(screen.getByRole('button', { name: 'Play the cards we accept' }));
    act(() => vi.advanceTimersByTime(2000));
    expect(featured(container)).toBe('Mastercard');
  });

  it('stops once a card number names its card, and has nothing to pause then', () => {
    const { container, rerender } = render(<CardIcons current="" />);
    rerender(<CardIcons current="Discover" />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(featured(container)).toBeNull();
    expect(container.querySelector('.card-icon.active svg')?.getAttribute('aria-label')).toBe('Discover');
    expect(screen.queryByRole('button', { name: /the cards we accept/ })).toBeNull();
  });

  it('starts paused for a shopper who asked for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    const { container } = render(<CardIcons current="" />);
    act(() => vi.advanceTimersByTime(10_000));
    expect(featured(container)).toBe('Visa');
    expect(screen.getByRole('button', { name: 'Play the cards we accept' })).toBeTruthy();
  });
});
