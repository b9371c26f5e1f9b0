// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GiftCardForm } from '#src/islands/product/GiftCardForm.tsx';
import { giftCardErrors, type GiftCardFields } from '#src/lib/product-rules.ts';

afterEach(cleanup);

const ticked: GiftCardFields = { to: 'Sam', from: 'Alex', email: '', confirmEmail: '', withMessage: true, message: '  ' };

describe('the gift message once its box is ticked', () => {
  it("an empty message says 'Please add a message' at the field, which is marked invalid", () => {
    const errors = giftCardErrors(false, ticked, false);
    render(<GiftCardForm eGift={false} fields={ticked} errors={errors} shown={{ message: true }} onChange={() => {}} onLeave={() => {}} />);
    const field = screen.getByLabelText('Personalised message');
    expect(screen.getByRole('alert').textContent).toBe('Please add a message');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain('gc-message-error');
  });
  it('without the box ticked no message is asked for', () => {
    expect(giftCardErrors(false, { ...ticked, withMessage: false }, false).message).toBeUndefined();
  });
});
