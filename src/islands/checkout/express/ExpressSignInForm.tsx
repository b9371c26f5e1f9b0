import { useState } from 'react';
import { draftEmail } from '#src/lib/stores/checkout-draft.ts';
import { continueCheckoutAfterSignIn } from '../../account/after-sign-in.ts';
import { SignInForm } from '../../account/SignInForm.tsx';

/**
 * The express sign-in dialog's form, in a module of its own: ExpressSignIn loads it when the shopper reaches for the
 * dialog, so the form, its rules and what follows a sign-in are not in the bag's or the checkout's first load. The
 * e-mail typed in this tab's checkout, if any, starts it (read as the dialog opens: closing the dialog unmounts it).
 */
export function ExpressSignInForm() {
  const [email] = useState(draftEmail);
  return <SignInForm headed={false} initialEmail={email} onSignedIn={continueCheckoutAfterSignIn} />;
}
