import * as v from 'valibot';
import { EMAIL_MAX, isEmail } from '../schemas/email.ts';

/**
 * The e-mail sign-up's rules (checkout spec §5 "Footer signup email", §9 "Sign-up offer"): the footer's form on every
 * page and the order confirmation's form follow them alike, and the server holds them (src/server/email-signup/).
 */
export const SIGNUP_EMAIL_REQUIRED = 'Error: The email field is required';
export const SIGNUP_EMAIL_INVALID = 'Error: The email field value is invalid';

/** The offer beside the form (spec §9: the text promises 40% off for marketing texts). */
export const SIGNUP_OFFER = 'Sign up for e-mails, then for marketing texts, and get 40% off your next order.';
/** What a shopper consents to by signing up: stored with the e-mail and the time (docs/decisions.md "E-mail sign-up"). */
export const SIGNUP_CONSENT = 'E-mails with news and offers from Seven Brands. Unsubscribe at any time.';

/** Where a sign-up was made: the footer of any page, or the order confirmation. */
export const SIGNUP_PLACES = ['footer', 'order-confirmation'] as const;
export type SignupPlace = (typeof SIGNUP_PLACES)[number];

/** The address as the sign-up takes it: trimmed, checked with the store's one e-mail rule, lower-cased. */
export const SignupEmail = v.pipe(
  v.optional(v.string(SIGNUP_EMAIL_REQUIRED), ''),
  v.trim(),
  v.minLength(1, SIGNUP_EMAIL_REQUIRED),
  v.maxLength(EMAIL_MAX, SIGNUP_EMAIL_INVALID),
  v.check(isEmail, SIGNUP_EMAIL_INVALID),
  v.toLowerCase(),
);

/** POST /api/order-confirmation/emailSubscription (checkout spec §7: email, salesChannel), from either form. */
export const EmailSubscriptionSchema = v.object({
  email: SignupEmail,
  salesChannel: v.optional(v.pipe(v.string(), v.maxLength(32)), 'web'),
  place: v.optional(v.picklist(SIGNUP_PLACES, 'Choose where the sign-up was made.'), 'order-confirmation'),
});
