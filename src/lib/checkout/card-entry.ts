import * as v from 'valibot';
import { cardKind, cardNumberError, digitsOnly, expiryError, holderError, parseExpiry, securityCodeError, showExpiryAndCvv } from './card-rules.ts';
import type { CardDetails } from './tokenize.ts';

/**
 * The card form as one entry: the field rules of card-rules.ts combined, and the same as a valibot schema for any
 * boundary that receives a card entry, so the browser and the server give the same message for the same input.
 * Expiry and security code are not asked for a store card (their fields are hidden).
 */
export interface CardEntry {
  holder: string;
  number: string;
  expiry: string;
  securityCode: string;
}

export type CardEntryField = keyof CardEntry;
export type CardEntryErrors = Partial<Record<CardEntryField, string>>;

export function validateCardEntry(entry: CardEntry, now: Date): CardEntryErrors {
  const errors: CardEntryErrors = {};
  const add = (field: CardEntryField, message: string | null) => {
    if (message) errors[field] = message;
  };
  add('holder', holderError(entry.holder));
  add('number', cardNumberError(entry.number));
  if (showExpiryAndCvv(entry.number)) {
    add('expiry', expiryError(entry.expiry, now));
    add('securityCode', securityCodeError(entry.securityCode, cardKind(entry.number)));
  }
  return errors;
}

const FIELDS: readonly CardEntryField[] = ['holder', 'number', 'expiry', 'securityCode'];

/** The schema for a moment in time (`now` is asked at each parse): every field's message, not only the first. */
export function cardEntrySchema(now: () => Date = () => new Date()) {
  return v.pipe(
    v.strictObject({
      holder: v.string(),
      number: v.string(),
      expiry: v.string(),
      securityCode: v.string(),
    }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const entry = dataset.value;
      const errors = validateCardEntry(entry, now());
      for (const key of FIELDS) {
        const message = errors[key];
        if (message) addIssue({ message, path: [{ type: 'object', origin: 'value', input: entry, key, value: entry[key] }] });
      }
    }),
  );
}

/** What tokenization sends, from a valid entry (null while the expiry is not a valid MM/YY). */
export function cardDetailsOf(entry: CardEntry): CardDetails | null {
  const expiry = parseExpiry(entry.expiry);
  if (!expiry) return null;
  return { number: digitsOnly(entry.number), expMonth: expiry.month, expYear: expiry.year, cvc: entry.securityCode, holder: entry.holder.trim() };
}
