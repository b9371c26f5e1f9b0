import { STICKY_OFFSET_DESKTOP, STICKY_OFFSET_MOBILE } from './constants.ts';

/**
 * Sticky header (spec §4, §9): fixed to the top once scrolled past the offset (115 px on small screens, 5 on
 * desktop); while stuck it slides away when scrolling down and comes back when scrolling up.
 */
export function stickyState(y: number, lastY: number, smallScreen: boolean): { stuck: boolean; scrollingDown: boolean } {
  const stuck = y > (smallScreen ? STICKY_OFFSET_MOBILE : STICKY_OFFSET_DESKTOP);
  return { stuck, scrollingDown: stuck && y > lastY };
}
