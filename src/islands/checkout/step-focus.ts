import { SCROLL_CHECK_MS } from '#src/lib/constants.ts';

/**
 * Whether focus is somewhere other than where it was when a step's focus was asked for (`from`): focus that fell to
 * the page's body (the pressed button went with the old step) has not moved.
 */
const focusMovedSince = (from: Element | null): boolean => {
  const active = document.activeElement;
  return !!active && active !== document.body && active !== from;
};

/**
 * Moves focus to `target` once the scroll to top has been applied (product spec §9: scroll check every 50 ms), unless
 * the shopper (or what they pressed) moved focus meanwhile: on a slow device a press can come before this timer, and
 * its focus (the first invalid field, an opened dialog) is theirs to keep. `settled` runs when the time is up, whether
 * focus moved or not. Returns the cancel.
 */
export function focusAfterScroll(target: HTMLElement | null, from: Element | null, settled: () => void): () => void {
  const timer = setTimeout(() => {
    settled();
    if (focusMovedSince(from)) return;
    target?.focus({ preventScroll: true });
  }, SCROLL_CHECK_MS);
  return () => clearTimeout(timer);
}
