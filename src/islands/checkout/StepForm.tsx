import { useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { FORM_INVALID } from '#src/lib/checkout/address-rules.ts';

interface Props {
  headingRef: RefObject<HTMLHeadingElement | null>;
  title: string;
  /** Whether the form may be sent; while not, a press shows every error instead. */
  valid: boolean;
  busy: boolean;
  submitLabel: string;
  onInvalid(): void;
  onSubmit(): void;
  children: ReactNode;
}

/**
 * One checkout step's form: its heading (focused when the step opens), the fields, and the submit button. The
 * button looks and works as a button whatever is typed: pressed while the form is invalid, it shows every error at
 * once with the spec's generic 'Please check that your information is valid' and moves focus to the first invalid
 * field (a grey button that does nothing tells the shopper nothing). It is marked disabled only while the step is
 * being sent, so a second press cannot send it twice.
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
      <button type="submit" className="button button-primary checkout-submit" aria-disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
