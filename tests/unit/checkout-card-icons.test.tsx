// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clampIconWidth, PAYMENT_ICON_WIDTH } from '#src/lib/checkout/card-icons.ts';
import { CardIcons } from '#src/islands/checkout/CardIcons.tsx';

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
