import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The secrets a mail carries (an e-gift card's number and PIN, a reward certificate's number) are never kept
 * readable. The outbox keeps the mail's text with each secret masked, and beside it the whole text sealed with
 * AES-256-GCM under a key drawn from the gift card key (HKDF, so the seal and the number hashes never share a key)
 * and bound to its outbox row. Only a holder of the gift card key can open it: `npm run outbox`.
 */
export interface MailSecrets {
  /** The strings of the text to mask (the card number, the PIN). */
  values: readonly string[];
  /** The gift card key (gift-cards/gift-card-key.ts); the seal's key is drawn from it. */
  key: Buffer;
}

const VERSION = 'v1';
const sealKey = (giftCardKey: Buffer) => Buffer.from(hkdfSync('sha256', giftCardKey, Buffer.alloc(0), 'outbox mail seal', 32));

/** `v1.` and base64url of the IV (12 bytes), the tag (16 bytes) and the ciphertext. */
export function seal(giftCardKey: Buffer, rowId: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(giftCardKey), iv).setAAD(Buffer.from(rowId));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The sealed text, or null when it was sealed under another key (or for another row). */
export function unseal(giftCardKey: Buffer, rowId: string, sealed: string): string | null {
  const raw = Buffer.from(sealed.slice(VERSION.length + 1), 'base64url');
  if (!sealed.startsWith(`${VERSION}.`) || raw.length < 28) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(giftCardKey), raw.subarray(0, 12)).setAAD(Buffer.from(rowId));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A secret as the kept text shows it: a number by its last four, a short one (a PIN) not at all. */
const mask = (secret: string) => (secret.length >= 8 ? `•••• ${secret.slice(-4)}` : '•'.repeat(secret.length));

/** The text with every secret masked, the longest first (a PIN may be part of a number). */
export function masked(text: string, secrets: readonly string[]): string {
  return [...secrets].sort((a, b) => b.length - a.length).reduce((t, s) => (s ? t.replaceAll(s, mask(s)) : t), text);
}
