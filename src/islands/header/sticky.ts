import { STICKY_OFFSET_DESKTOP, STICKY_OFFSET_MOBILE } from '../../lib/header/constants.ts';
import { $smallScreen } from '../../lib/stores/header.ts';

/**
 * Sticky header (spec §4): past the offset (115 px on small screens, 5 on desktop) the header is fixed to the
 * top; it slides away while scrolling down and comes back when scrolling up.
 */
export function startSticky(header: HTMLElement): void {
  let last = window.scrollY;
  let queued = false;
  const update = () => {
    queued = false;
    const y = window.scrollY;
    const offset = $smallScreen.get() ? STICKY_OFFSET_MOBILE : STICKY_OFFSET_DESKTOP;
    const stuck = y > offset;
    header.classList.toggle('is-sticky', stuck);
    header.classList.toggle('is-scrolling-down', stuck && y > last);
    last = y;
  };
  window.addEventListener('scroll', () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(update);
  }, { passive: true });
}
