import { atom, computed } from 'nanostores';
import { validateCardEntry, cardDetailsOf, type CardEntry, type CardEntryErrors, type CardEntryField } from '../checkout/card-entry.ts';
import { cardKind, digitsOnly, formatCardNumber, formatExpiryInput } from '../checkout/card-rules.ts';
import { type CardDetails, type CardTokenization, tokenizeCard, type TokenizeResult } from '../checkout/tokenize.ts';
import { sendLog } from '../analytics/site-logging.ts';
import { $checkoutDraft, updateDraft } from './checkout-draft.ts';

/**
 * The card being typed, in memory: the card number and security code are stored nowhere, not even in the browser,
 * and are gone on reload. The name on the card and the expiry are kept in the tab's checkout draft like every other
 * field (keepCardDraft), so a reload keeps them. The checkout island reads the entry to tokenize and calls
 * resetCardEntry() once the card is on the order or after a failed order.
 */
export interface CardEntryState extends CardEntry {
  saveCard: boolean;
}

const EMPTY: CardEntryState = { holder: '', number: '', expiry: '', securityCode: '', saveCard: false };

export const $cardEntry = atom<CardEntryState>(EMPTY);
/** The fields the shopper has left (their errors show from then on). */
export const $cardTouched = atom<ReadonlySet<CardEntryField>>(new Set());
export const $cardKind = computed($cardEntry, (entry) => cardKind(entry.number));

/** Sets a field as typed: the number and expiry are formatted, the security code keeps digits only. */
export function setCardField(field: CardEntryField, value: string): void {
  const formatted =
    field === 'number'
      ? formatCardNumber(value)
      : field === 'expiry'
        ? formatExpiryInput(value)
        : field === 'securityCode'
          ? digitsOnly(value)
          : value;
  $cardEntry.set({ ...$cardEntry.get(), [field]: formatted });
}

export const setSaveCard = (saveCard: boolean) => $cardEntry.set({ ...$cardEntry.get(), saveCard });

export function touchCardField(field: CardEntryField): void {
  if (!$cardTouched.get().has(field)) $cardTouched.set(new Set([...$cardTouched.get(), field]));
}

export function resetCardEntry(): void {
  $cardEntry.set(EMPTY);
  $cardTouched.set(new Set());
}

/** Every field's error now (empty when the card can be tokenized). */
export const cardEntryErrors = (now: Date = new Date()): CardEntryErrors => validateCardEntry($cardEntry.get(), now);

/** The entry as tokenization takes it, or null while it is not valid. */
export function cardDetails(now: Date = new Date()): CardDetails | null {
  return Object.keys(cardEntryErrors(now)).length === 0 ? cardDetailsOf($cardEntry.get()) : null;
}

/**
 * Puts the draft's name on card and expiry back in the entry (after a reload) and keeps writing them to the draft
 * as they change, until the returned function is called. Call after startDraft().
 */
export function keepCardDraft(): () => void {
  const { holder, expiry } = $checkoutDraft.get().card;
  $cardEntry.set({ ...$cardEntry.get(), holder, expiry });
  return $cardEntry.listen(({ holder, expiry }) => {
    const kept = $checkoutDraft.get().card;
    if (kept.holder !== holder || kept.expiry !== expiry) updateDraft({ card: { holder, expiry } });
  });
}

/**
 * Tokenizes the card entered. A refusal or a provider failure goes to the server's log (product spec §8: card
 * payment-provider failures are logged), the shopper reads its message; the line holds the message only, which
 * never repeats the number.
 */
export async function tokenizeEntry(where: CardTokenization, details: CardDetails): Promise<TokenizeResult> {
  const result = await tokenizeCard(where, details);
  if (!result.ok) sendLog(`[card] tokenization failed: ${result.message}`);
  return result;
}
