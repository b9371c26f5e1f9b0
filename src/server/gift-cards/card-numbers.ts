import { createHmac, randomInt } from 'node:crypto';
import { GIFT_CARD_PIN_LENGTH } from '#src/lib/promo-code.ts';

/**
 * A gift card's number and PIN, and the keyed hashes they are stored as. Every digit is drawn from the CSPRNG
 * (randomInt is unbiased), never from a sequence: 19 digits with the first not 0 (about 63 bits) and a 4-digit PIN
 * (about 13 bits) make some 76 bits a guesser must find, against the 64 the store asks for at least.
 */
export const GIFT_CARD_NUMBER_LENGTH = 19;

const digits = (count: number, firstNonZero: boolean): string =>
  Array.from({ length: count }, (_, i) => String(i === 0 && firstNonZero ? randomInt(1, 10) : randomInt(0, 10))).join('');

export const newCardNumber = (): string => digits(GIFT_CARD_NUMBER_LENGTH, true);
export const newPin = (): string => digits(GIFT_CARD_PIN_LENGTH, false);

/** How a card is found: HMAC-SHA-256 of its number under the gift card key, hex. */
export const numberHash = (key: Buffer, number: string): string => createHmac('sha256', key).update(`number\0${number}`).digest('hex');

/** The PIN as stored: bound to its card's number, so one PIN hashes differently on every card. */
export const pinHash = (key: Buffer, number: string, pin: string): string => createHmac('sha256', key).update(`pin\0${number}\0${pin}`).digest('hex');

export const lastFour = (number: string): string => number.slice(-4);
