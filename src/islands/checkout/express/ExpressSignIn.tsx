import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { expressSignInOffered } from '#src/lib/checkout/express-sign-in.ts';
import { $bag } from '#src/lib/stores/bag.ts';
import { draftEmail } from '#src/lib/stores/checkout-draft.ts';
import { continueCheckoutAfterSignIn } from '../../account/after-sign-in.ts';
import { SignInForm } from '../../account/SignInForm.tsx';
import { Modal } from '../../ui/Modal.tsx';
import './express-sign-in.css';

interface Props {
  signedIn: boolean;
  /** Lines in the bag when the page was made; the bag's store, once a page island fills it, is followed instead. */
  itemCount: number;
}

/**
 * Express checkout's sign-in (checkout spec §1, §2 "Express Checkout sign in"): a guest opens the store's sign-in
 * form in a dialog, signs in, and goes on with the checkout as the account (its bag merged, its saved addresses and
 * cards offered). The dialog keeps focus inside, Escape closes it and focus goes back to the button.
 */
export function ExpressSignIn({ signedIn, itemCount }: Props) {
  const bag = useStore($bag);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const close = useCallback(() => setOpen(false), []);
  const form = useRef<HTMLDivElement>(null);
  // The dialog opens on its close button; a sign-in form starts at its first field left to fill (the password when
  // the checkout's e-mail is already there). This runs after the dialog has been shown.
  useEffect(() => {
    if (!open) return;
    const fields = [...(form.current?.querySelectorAll<HTMLInputElement>('input[type="email"], input[name="password"]') ?? [])];
    (fields.find((f) => f.value === '') ?? fields[0])?.focus();
  }, [open]);
  if (!expressSignInOffered({ signedIn, itemCount: bag ? bag.productItems.length : itemCount })) return null;
  return (
    <section className="express-sign-in" aria-label="Express checkout sign in">
      <p id="express-sign-in-why">Have an account? Sign in to check out faster with your saved addresses and cards.</p>
      <button
        type="button"
        className="button button-secondary"
        aria-describedby="express-sign-in-why"
        onClick={() => {
          // The e-mail typed in this tab's checkout, if any, starts the form.
          setEmail(draftEmail());
          setOpen(true);
        }}
      >
        Sign In
      </button>
      <Modal open={open} title="Sign In" size="small" onClose={close}>
        <div ref={form}>
          <SignInForm headed={false} initialEmail={email} onSignedIn={continueCheckoutAfterSignIn} />
        </div>
      </Modal>
    </section>
  );
}
