// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest';
import { $cardEntry, keepCardDraft, resetCardEntry, setCardField } from '#src/lib/stores/checkout-card.ts';
import { $checkoutDraft, DRAFT_KEY, startDraft } from '#src/lib/stores/checkout-draft.ts';

let stop = () => {};
afterEach(() => {
  stop();
  resetCardEntry();
  sessionStorage.clear();
});

it('the name on card and the expiry are kept in the tab for a reload; the number and security code are not', () => {
  startDraft();
  stop = keepCardDraft();
  setCardField('holder', 'Ada Lovelace');
  setCardField('number', '4242424242424242');
  setCardField('expiry', '1234');
  setCardField('securityCode', '987');
  const stored = sessionStorage.getItem(DRAFT_KEY) ?? '';
  expect(JSON.parse(stored).card).toEqual({ holder: 'Ada Lovelace', expiry: '12/34' });
  expect(stored).not.toContain('4242');
  expect(stored).not.toContain('987');

  // A reload: the memory is gone, the tab's draft is not.
  $cardEntry.set({ holder: '', number: '', expiry: '', securityCode: '', saveCard: false });
  $checkoutDraft.set({ ...$checkoutDraft.get(), card: { holder: '', expiry: '' } });
  stop();
  sessionStorage.setItem(DRAFT_KEY, stored);
  startDraft();
  stop = keepCardDraft();
  expect($cardEntry.get()).toMatchObject({ holder: 'Ada Lovelace', expiry: '12/34', number: '', securityCode: '' });
});

it('a reset card form (the card is on the order, or the order failed) forgets the kept name and expiry', () => {
  startDraft();
  stop = keepCardDraft();
  setCardField('holder', 'Ada Lovelace');
  setCardField('expiry', '1234');
  resetCardEntry();
  expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}').card).toEqual({ holder: '', expiry: '' });
});
