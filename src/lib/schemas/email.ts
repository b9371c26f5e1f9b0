import * as v from 'valibot';

/**
 * The one e-mail rule (product spec §5: "{email} with a tld of 2 or more letters"), used by every form and endpoint
 * that takes an address: sign-in, registration, password reset, order look-up, the waitlist, the e-gift card.
 * {email} is the HTML standard's valid e-mail address (what a browser's type="email" field accepts, so the
 * browser and the server agree): no spaces, quotes or angle brackets; domain labels of letters, digits and
 * inner hyphens. The messages are the checkout spec's field messages.
 */
export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Valid email is required';
export const EMAIL_MAX = 254;

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL_PATTERN = new RegExp(`^[A-Za-z0-9.!#$%&'*+/=?^_\`{|}~-]+@(?:${LABEL}\\.)+[A-Za-z]{2,}$`);

export const isEmail = (value: string): boolean => value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);

/** A required address: trimmed, checked, lower-cased. A missing key reads as an empty field. */
export const Email = v.pipe(
  v.optional(v.string(EMAIL_REQUIRED), ''),
  v.trim(),
  v.minLength(1, EMAIL_REQUIRED),
  v.check(isEmail, EMAIL_INVALID),
  v.toLowerCase(),
);
