// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentList } from '#src/islands/bag/PaymentList.tsx';

afterEach(cleanup);

/** The bag's own style sheet, as the page loads it. */
function withBagStyles() {
  const style = document.createElement('style');
  style.textContent = readFileSync('src/islands/bag/bag.css', 'utf8');
  document.head.append(style);
}

describe("an order's payments on a narrow summary", () => {
  it('keeps a masked number and a card ending on one line, so the last four never wrap away from their name', () => {
    withBagStyles();
    render(
      <PaymentList
        payments={[
          { label: 'Reward certificate •••• 00EE', amount: 1000, balanceLeft: null },
          { label: 'Gift card •••• 1234', amount: 500, balanceLeft: 0 },
          { label: 'Store card ending in 2096', amount: 4090, balanceLeft: null },
          { label: 'PayPal', amount: 100, balanceLeft: null },
        ]}
      />,
    );
    const unbroken = ['•••• 00EE', '•••• 1234', 'ending in 2096'].map((text) => screen.getByText(text));
    for (const part of unbroken) expect(getComputedStyle(part).whiteSpace).toBe('nowrap');
    // The names read as before, to a screen reader and to a search.
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Reward certificate •••• 00EE',
      'Gift card •••• 1234Balance left $0.00',
      'Store card ending in 2096',
      'PayPal',
    ]);
  });
});
