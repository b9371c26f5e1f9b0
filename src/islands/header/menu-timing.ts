import { isOpenAt } from '#src/lib/header/open-at.ts';

/**
 * Shows or hides every timed menu item ([data-timed] with data-start / data-end instants) for the current
 * minute, then again at the start of each following minute. The instants were computed from New York time at
 * build (luxon), so this needs no date library.
 */
export function applyMenuTiming(now = Date.now()): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-timed]')) {
    const start = el.dataset['start'] ? Number(el.dataset['start']) : null;
    const end = el.dataset['end'] ? Number(el.dataset['end']) : null;
    el.hidden = !isOpenAt(start, end, now);
  }
}

export function startMenuTiming(): void {
  const tick = () => {
    applyMenuTiming();
    setTimeout(tick, 60_000 - (Date.now() % 60_000) + 50);
  };
  tick();
}
