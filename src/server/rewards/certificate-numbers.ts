import { randomInt } from 'node:crypto';
import { REWARD_CERTIFICATE_LENGTH } from '#src/lib/promo-code.ts';

/**
 * A reward certificate's number: X (the code field reads an X or RC prefix as a California reward certificate) and
 * 18 characters drawn from the CSPRNG over 32 letters and digits (no I, L, O, U, which are misread): 90 bits, against
 * the 64 the store asks for at least. Stored as a keyed hash like a gift card's (gift-cards/card-numbers.ts).
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const newCertificateNumber = (): string =>
  `X${Array.from({ length: REWARD_CERTIFICATE_LENGTH - 1 }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('')}`;
