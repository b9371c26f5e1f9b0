// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { CardForm } from '#src/islands/checkout/CardForm.tsx';
import { $cardEntry, $cardKind, $cardTouched, cardDetails, cardEntryErrors, resetCardEntry } from '#src/lib/stores/checkout-card.ts';

afterEach(() => {
  cleanup();
  act(() => resetCardEntry());
  cleanStores($cardEntry, $cardKind, $cardTouched);
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

describe('the card form', () => {
  it('formats the number as typed, in fours, and names the card type', () => {
    render(<CardForm signedIn={false} showErrors={false} />);
    type('Card Number', '4242424242424242');
    expect(input('Card Number').value).toBe('4242 4242 4242 4242');
    expect(screen.getByText('Visa')).toBeTruthy();
    expect(input('Card Number').maxLength).toBe(23);
  });

  it('groups American Express 4-6-5, at most 17 characters, and asks for a 4-digit code', () => {
    render(<CardForm signedIn={false} showErrors={false} />);
    type('Card Number', '3782822463100059999');
    expect(input('Card Number').value).toBe('3782 822463 10005');
    expect(input('Card Number').maxLength).toBe(17);
    expect(input('Security Code').maxLength).toBe(4);
  });

  it('blocks keys other than digits, editing keys and the clipboard shortcuts', () => {
    render(<CardForm signedIn={false} showErrors={false} />);
    const number = input('Card Number');
    // fireEvent returns false when the handler prevented the key.
    expect(fireEvent.keyDown(number, { key: 'a' })).toBe(false);
    expect(fireEvent.keyDown(number, { key: ' ' })).toBe(false);
    expect(fireEvent.keyDown(number, { key: '4' })).toBe(true);
    expect(fireEvent.keyDown(number, { key: 'Backspace' })).toBe(true);
    expect(fireEvent.keyDown(number, { key: 'v', ctrlKey: true })).toBe(true);
    expect(fireEvent.keyDown(number, { key: 'p', ctrlKey: true })).toBe(false);
  });

  it('auto-formats the expiry to MM/YY', () => {
    render(<CardForm signedIn={false} showErrors={false} />);
    type('Expiration Date MM/YY', '4');
    expect(input('Expiration Date MM/YY').value).toBe('04');
    type('Expiration Date MM/YY', `04${nextYear}`);
    expect(input('Expiration Date MM/YY').value).toBe(`04/${nextYear}`);
  });

  it('hides expiry and security code for a store card', () => {
    render(<CardForm signedIn={false} showErrors={false} />);
    expect(screen.queryByLabelText('Security Code')).not.toBeNull();
    type('Card Number', '627800');
    expect(screen.queryByLabelText('Expiration Date MM/YY')).toBeNull();
    expect(screen.queryByLabelText('Security Code')).toBeNull();
    expect(screen.getByText('Private Label Credit Card')).toBeTruthy();
  });

  it('shows a field’s error under it once the field is left, marked invalid and described by it', () => {
    render(<CardForm signedIn={false} showErrors={false} />);
    type('Card Number', '4242');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(input('Card Number'));
    expect(screen.getByRole('alert').textContent).toBe('Invalid card number');
    expect(input('Card Number').getAttribute('aria-invalid')).toBe('true');
    expect(input('Card Number').getAttribute('aria-describedby')?.split(' ')).toContain('card-number-error');
  });

  it('shows every error at once after a failed submit', () => {
    render(<CardForm signedIn={false} showErrors />);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Name on card is required',
      'Card number is required',
      'Expiration date is required',
      'Security code is required',
    ]);
  });

  it('offers to save the card only to a signed-in shopper', () => {
    const { rerender } = render(<CardForm signedIn={false} showErrors={false} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    rerender(<CardForm signedIn showErrors={false} />);
    fireEvent.click(screen.getByRole('checkbox', { name: /save this card/i }));
    expect($cardEntry.get().saveCard).toBe(true);
  });

  it('a complete entry gives what tokenization sends; reset clears fields and errors', () => {
    render(<CardForm signedIn={false} showErrors={false} />);
    type('Name on Card', 'Sam Lee');
    type('Card Number', '4242424242424242');
    type('Expiration Date MM/YY', `12${nextYear}`);
    type('Security Code', '123');
    fireEvent.blur(input('Security Code'));
    expect(cardEntryErrors()).toEqual({});
    expect(cardDetails()).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2000 + Number(nextYear), cvc: '123', holder: 'Sam Lee' });
    act(() => resetCardEntry());
    expect(input('Card Number').value).toBe('');
    expect(input('Security Code').value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps nothing in storage or cookies', () => {
    render(<CardForm signedIn={false} showErrors={false} />);
    type('Card Number', '4242424242424242');
    type('Security Code', '123');
    expect(localStorage.length + sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });
});
