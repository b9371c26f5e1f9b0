import * as v from 'valibot';
import { isValidPassword } from '../password-rules.ts';
import { Email } from './email.ts';

/** Account payloads, shared by the sign-in, registration and password forms and their endpoints. */
export const PASSWORD_INVALID = 'Password must be 8-16 characters with at least 1 letter and 1 number';

const Password = v.pipe(v.optional(v.string(), ''), v.check(isValidPassword, PASSWORD_INVALID));
// Sign-in takes any non-empty password up to a sane length: the rule is checked when one is set, not when used.
const SignInPassword = v.pipe(v.optional(v.string(), ''), v.minLength(1, 'Password is required'), v.maxLength(128, 'Password is too long'));

const Name = (label: string) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.minLength(1, `${label} is required`),
    v.maxLength(25, `${label} must be at most 25 characters`),
    v.regex(/^[\p{L}'-](?:[\p{L}' -]*[\p{L}'-])?$/u, `Please enter a valid ${label.toLowerCase()}`),
  );

export const LoginSchema = v.object({
  email: Email,
  password: SignInPassword,
  keepMeSignedIn: v.optional(v.boolean(), false),
});

export const RegisterSchema = v.object({
  firstName: Name('First name'),
  lastName: Name('Last name'),
  email: Email,
  password: Password,
  keepMeSignedIn: v.optional(v.boolean(), false),
});

export const RegisterAfterOrderSchema = v.object({
  email: Email,
  password: Password,
  orderId: v.pipe(v.string('Order is required'), v.trim(), v.minLength(1, 'Order is required'), v.maxLength(64)),
});

export const EmailOnlySchema = v.object({ email: Email });

export const ResetPasswordSchema = v.object({
  token: v.pipe(v.optional(v.string(), ''), v.regex(/^[A-Za-z0-9_-]{43}$/, 'This reset link is not valid. Please ask for a new one.')),
  password: Password,
});

/** Guest account creation at the payment step (checkout spec §7 payment_screen_register_user/). */
export const PaymentScreenRegisterSchema = v.object({
  first_name: RegisterSchema.entries.firstName,
  last_name: RegisterSchema.entries.lastName,
  email: Email,
  password: RegisterSchema.entries.password,
});

/** A reset link past its hour, or already used (the reset page and its endpoint say the same). */
export const RESET_LINK_INVALID = 'This reset link has expired or was already used. Please ask for a new one.';
