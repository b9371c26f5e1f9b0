import { useStore } from '@nanostores/react';
import { Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { expressSignInOffered } from '#src/lib/checkout/express-sign-in.ts';
import { $bag } from '#src/lib/stores/bag.ts';
import { LazyModal, loadModal } from '../../ui/lazy-modal.ts';
import './express-sign-in.css';

interface Props {
  signedIn: boolean;
  /** Lines in the bag when the page was made; the bag's store, once a page island fills it, is followed instead. */
  itemCount: number;
}

/** Shown in the dialog when its form could not be loaded (a dropped connection); opening it again tries again. */
const SIGN_IN_FORM_UNAVAILABLE = 'The sign-in form could not be loaded. Close this and try again.';

// One load of the form's module for the page; a failed load is forgotten so that the next reach tries again.
// The dialog's modal comes with it: the form shows in a dialog that is there.
let formModule: Promise<ComponentType> | null = null;
const loadForm = () => {
  formModule ??= Promise.all([loadModal(), import('./ExpressSignInForm.tsx')]).then(
    ([, m]) => m.ExpressSignInForm,
    (err: unknown) => {
      formModule = null;
      throw err;
    },
  );
  return formModule;
};

/**
 * Express checkout's sign-in (checkout spec §1, §2 "Express Checkout sign in"): a guest opens the store's sign-in
 * form in a dialog, signs in, and goes on with the checkout as the account (its bag merged, its saved addresses and
 * cards offered). The dialog keeps focus inside, Escape closes it and focus goes back to the button. The form is
 * loaded when the shopper reaches for the button (pointer, focus or click); until it is there the dialog says so.
 */
export function ExpressSignIn({ signedIn, itemCount }: Props) {
  const bag = useStore($bag);
  const [open, setOpen] = useState(false);
  const [Form, setForm] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  // The dialog's modal is mounted (and its module loaded) from the first reach for the button on.
  const [reached, setReached] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const form = useRef<HTMLDivElement>(null);
  // The dialog opens on its close button; a sign-in form starts at its first field left to fill (the password when
  // the checkout's e-mail is already there). This runs after the dialog has been shown, and again when the form
  // arrives in a dialog that opened before it.
  useEffect(() => {
    if (!open || !Form) return;
    const fields = [...(form.current?.querySelectorAll<HTMLInputElement>('input[type="email"], input[name="password"]') ?? [])];
    (fields.find((f) => f.value === '') ?? fields[0])?.focus();
  }, [open, Form]);
  if (!expressSignInOffered({ signedIn, itemCount: bag ? bag.productItems.length : itemCount })) return null;

  const reach = () => {
    setReached(true);
    if (Form) return;
    setFailed(false);
    loadForm().then(
      (loaded) => {
        setFailed(false);
        setForm(() => loaded);
      },
      () => setFailed(true),
    );
  };
  return (
    <section className="express-sign-in" aria-label="Express checkout sign in">
      <p id="express-sign-in-why">Have an account? Sign in to check out faster with your saved addresses and cards.</p>
      <button
        type="button"
        className="button button-secondary"
        aria-describedby="express-sign-in-why"
        onPointerEnter={reach}
        onFocus={reach}
        onClick={() => {
          reach();
          setOpen(true);
        }}
      >
        Sign In
      </button>
      {reached && (
        <Suspense fallback={null}>
          <LazyModal open={open} title="Sign In" size="small" onClose={close}>
            {Form ? (
              <div ref={form}>
                <Form />
              </div>
            ) : failed ? (
              <p role="alert">{SIGN_IN_FORM_UNAVAILABLE}</p>
            ) : (
              <p role="status" aria-busy="true">
                Loading…
              </p>
            )}
          </LazyModal>
        </Suspense>
      )}
    </section>
  );
}
