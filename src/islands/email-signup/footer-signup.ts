import * as v from 'valibot';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { SignupEmail } from '#src/lib/email-signup/signup-rules.ts';

/**
 * The footer's sign-up form (src/components/FooterSignup.astro), as the order confirmation's SignupForm.tsx behaves:
 * the spec's messages at the field (checked here first, then by the server), focus back on the field after a refusal
 * the shopper can act on, any other failure only logged (callApi reports it as a site error event) with the button
 * working again, and the thanks in place of the form once the server has taken the address. `data-ready` on the form
 * says the script has taken it over.
 */
export function startFooterSignup(): void {
  const section = document.querySelector<HTMLElement>('[data-footer-signup]');
  const form = section?.querySelector<HTMLFormElement>('[data-signup-form]');
  const input = form?.querySelector('input');
  const error = form?.querySelector<HTMLElement>('.field-error');
  const button = form?.querySelector('button');
  if (!section || !form || !input || !error || !button) return;

  const showError = (message: string | null) => {
    error.textContent = message ?? '';
    error.hidden = !message;
    input.setAttribute('aria-invalid', String(!!message));
    if (message) input.setAttribute('aria-describedby', error.id);
    else input.removeAttribute('aria-describedby');
  };
  const refuse = (message: string) => {
    showError(message);
    input.focus();
  };

  input.addEventListener('input', () => showError(null));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    const parsed = v.safeParse(SignupEmail, input.value);
    if (!parsed.success) return refuse(parsed.issues[0].message);
    showError(null);
    button.disabled = true;
    const r = await callApi(API.subscribeEmail, { email: parsed.output, salesChannel: 'web', place: 'footer' });
    button.disabled = false;
    if (r.ok) {
      const thanks = document.createElement('p');
      thanks.setAttribute('role', 'status');
      thanks.textContent = `Thanks! ${parsed.output} is signed up for news and offers.`;
      form.replaceWith(thanks);
    } else if (r.status >= 400 && r.status < 500) refuse(r.message);
  });
  form.dataset['ready'] = '';
}
