import { SIGNUP_OFFER } from '#src/lib/email-signup/signup-rules.ts';
import { SignupForm } from './SignupForm.tsx';

/** The footer's e-mail sign-up on every page (checkout spec §1, §2), with the sign-up offer (§9). */
export function FooterSignup() {
  return <SignupForm place="footer" heading="Get 40% off" intro={SIGNUP_OFFER} className="footer-signup" />;
}
