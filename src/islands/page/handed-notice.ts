import { takeHandedNotice } from '#src/lib/handed-notice.ts';

/**
 * Shows the message the page before handed over (after signing in: 'Login completed successfully') in the page's
 * notice slot, a live region present from the first paint so that what is put in it is announced.
 */
export function showHandedNotice(): void {
  const slot = document.querySelector<HTMLElement>('[data-handed-notice]');
  const message = takeHandedNotice(sessionStorage);
  if (!slot || !message) return;
  const notice = document.createElement('p');
  notice.className = 'notice notice-success';
  notice.textContent = message;
  slot.replaceChildren(notice);
  // Said until the shopper moves on: the next form sent (a checkout step) takes it away, so it does not stay on later steps.
  document.addEventListener('submit', () => slot.replaceChildren(), { once: true, capture: true });
}
