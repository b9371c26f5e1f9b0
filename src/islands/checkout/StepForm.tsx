import { useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { FORM_INVALID } from '#src/lib/checkout/address-rules.ts';

interface Props {
  headingRef: RefObject<HTMLHeadingElement | null>;
  title: string;
  /** Whether the form may be sent; while not, the button says so (aria-disabled) and a press shows every error. */
  valid: boolean;
  busy: boolean;
  submitLabel: string;
  onInvalid(): void;
  onSubmit(): void;
  children: ReactNode;
}

/**
 * One checkout step's form: its heading (focused when the step opens), the fields, and the submit button. The
 * button is marked disabled while the form is invalid (the spec), but stays focusable and, pressed, shows every
 * error and moves focus to the first (a disabled button would leave a keyboard or screen reader user no way to
 * learn what is missing). The spec's generic 'Please check that your information is valid' is announced with it.
 */
export function StepForm({ headingRef, title, valid, busy, submitLabel, onInvalid, onSubmit, children }: Props) {
  const [tried, setTried] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setTried(!valid);
    if (!valid) {
      onInvalid();
      const form = e.currentTarget;
      // After the errors render, focus the first field that has one.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    onSubmit();
  };
  return (
    <form className="checkout-step" onSubmit={submit} noValidate aria-labelledby="checkout-step-heading">
      <h2 id="checkout-step-heading" ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {children}
      {tried && !valid && (
        <p className="field-error checkout-form-invalid" role="alert">
          {FORM_INVALID}
        </p>
      )}
      <button type="submit" className="button button-primary checkout-submit" aria-disabled={!valid || busy}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
