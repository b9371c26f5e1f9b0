// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PayLaterNote } from '#src/islands/checkout/PayLaterNote.tsx';
import type { PayLaterOffer } from '#src/lib/pay-later/pay-later-rules.ts';

afterEach(cleanup);

const offer: PayLaterOffer = { provider: 'Affirm', method: 'affirm', message: 'Pay with Affirm on orders over $50', asLowAs: null };

describe('the pay-later note at the payment step', () => {
  it("shows the provider's message, named as the provider's", () => {
    render(<PayLaterNote offer={offer} eligibility="shown" />);
    const note = screen.getByRole('note', { name: 'Message from Affirm' });
    expect(note.textContent).toContain('Pay with Affirm on orders over $50');
  });

  it("adds the provider's own 'as low as' line when it gave one", () => {
    render(<PayLaterNote offer={{ ...offer, asLowAs: 'Starting at $9/mo with Affirm.' }} eligibility="shown" />);
    expect(screen.getByRole('note', { name: 'Message from Affirm' }).textContent).toContain('Starting at $9/mo with Affirm.');
  });

  it('shows nothing when the provider made no offer, or the rule no longer holds for the bag it holds', () => {
    const { container, rerender } = render(<PayLaterNote offer={null} eligibility="shown" />);
    expect(container.textContent).toBe('');
    rerender(<PayLaterNote offer={offer} eligibility="below-minimum" />);
    expect(container.textContent).toBe('');
  });

  it('says the option cannot be used with gift cards or rewards when one is applied', () => {
    render(<PayLaterNote offer={null} eligibility="gift-card-or-reward" />);
    expect(screen.getByText('The pay-later financing option cannot be used with gift cards or rewards.')).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
