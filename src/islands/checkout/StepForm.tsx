import type { FormEvent, ReactNode, RefObject } from 'react';

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
 * learn what is missing).
 */
export function StepForm({ headingRef, title, valid, busy, submitLabel, onInvalid, onSubmit, children }: Props) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
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
      <button type="submit" className="button button-primary checkout-submit" aria-disabled={!valid || busy}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
