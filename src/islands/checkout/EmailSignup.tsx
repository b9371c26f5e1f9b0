import { SignupForm } from '../email-signup/SignupForm.tsx';

/** The order confirmation's e-mail sign-up (checkout spec §7), under the footer's rules, the order's address filled in. */
export function EmailSignup({ email }: { email: string }) {
  return (
    <SignupForm
      place="order-confirmation"
      heading="Get our e-mails"
      intro="New arrivals, offers and early access to sales. Unsubscribe at any time."
      email={email}
      className="confirm-panel"
    />
  );
}
