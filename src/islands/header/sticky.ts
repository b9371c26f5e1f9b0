import { headerShift, stickyState } from '#src/lib/header/sticky-rule.ts';
import { $smallScreen } from '#src/lib/stores/header.ts';

/** Applies the sticky-header rule (src/lib/header/sticky-rule.ts) as the page scrolls, once per frame. */
export function startSticky(header: HTMLElement): void {
  let last = window.scrollY;
  let queued = false;
  const update = () => {
    queued = false;
    const y = window.scrollY;
    const { stuck, scrollingDown } = stickyState(y, last, $smallScreen.get());
    header.classList.toggle('is-sticky', stuck);
    header.classList.toggle('is-scrolling-down', scrollingDown);
    // Where the page below the header starts in the document (it does not move when the header sticks).
    const page = document.querySelector('main');
    const pageTop = page ? page.getBoundingClientRect().top + y : 0;
    const shift = headerShift(y, scrollingDown, pageTop, header.offsetHeight);
    if (shift) header.style.setProperty('--header-shift', shift);
    else header.style.removeProperty('--header-shift');
    last = y;
  };
  window.addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(update);
    },
    { passive: true },
  );
}
