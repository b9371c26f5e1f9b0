// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentList } from '#src/islands/bag/PaymentList.tsx';

afterEach(cleanup);

describe("an order's payments on a narrow summary", () => {
  it('keeps a masked number and a card ending whole, so the last four never wrap away from their name', () => {
    render(
      <PaymentList
        payments={[
          { label: 'Reward certificate •••• 00EE', amount: 1000, balanceLeft: null },
          { label: 'Gift card •••• 1234', amount: 500, balanceLeft: 0 },
          { label: 'Store card ending in 2096', amount: 4090, balanceLeft: null },
        ]}
      />,
    );
    const terms = screen.getAllByRole('term').map((t) => t.firstChild?.textContent);
    expect(terms).toEqual(['Reward certificate ••••\u00a000EE', 'Gift card ••••\u00a01234', 'Store card ending\u00a0in\u00a02096']);
    // What a screen reader and a search read is unchanged: the no-break space is a space.
    expect(screen.getAllByRole('term')[0]!.textContent?.replace(/\s/g, ' ')).toBe('Reward certificate •••• 00EE');
  });
});
