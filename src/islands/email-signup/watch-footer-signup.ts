/**
 * Starts the footer's sign-up form (footer-signup.ts) once the footer comes near the screen or the form is reached by
 * keyboard: a shopper who never scrolls to the footer is not sent its script.
 */
export function watchFooterSignup(): void {
  const section = document.querySelector('[data-footer-signup]');
  if (!section) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    near.disconnect();
    void import('./footer-signup.ts').then((m) => m.startFooterSignup());
  };
  const near = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), { rootMargin: '200px' });
  near.observe(section);
  section.addEventListener('focusin', start, { once: true });
}
