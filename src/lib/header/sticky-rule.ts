import { STICKY_OFFSET_DESKTOP, STICKY_OFFSET_MOBILE } from './constants.ts';

/**
 * Sticky header (spec §4, §9): fixed to the top once scrolled past the offset (115 px on small screens, 5 on
 * desktop); while stuck it slides away when scrolling down and comes back when scrolling up.
 */
export function stickyState(y: number, lastY: number, smallScreen: boolean): { stuck: boolean; scrollingDown: boolean } {
  const stuck = y > (smallScreen ? STICKY_OFFSET_MOBILE : STICKY_OFFSET_DESKTOP);
  return { stuck, scrollingDown: stuck && y > lastY };
}

/**
 * How far a header sliding away is moved up: all of it (CSS's -100%, `null` here), except while its own place in the
 * page is still in the window (the page, which starts at `pageTop`, has scrolled less than that): then only as far as
 * it would have gone by scrolling with the page. Slid off entirely there, it left its place as an empty band above
 * the page (130-160 px of white on a desktop after scrolling down 6-60 px).
 */
export function headerShift(y: number, scrollingDown: boolean, pageTop: number, headerHeight: number): string | null {
  if (!scrollingDown || y >= pageTop) return null;
  return `${-Math.max(0, Math.round(y - (pageTop - headerHeight)))}px`;
}
