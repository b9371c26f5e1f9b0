/**
 * The shopper's first touch of a page, for islands that hydrate only then (`client:painted="touch"`): the product
 * page's gallery and purchase area, whose server-rendered HTML is the whole first view, so a visit that only looks
 * loads none of React. What comes before the island is ready is not lost: its clicks and choices are held and given
 * to it once it has hydrated (React hydrates at once the part a click lands in).
 */

/**
 * What says the shopper is about to use the page: a finger or a pointer down or moving, a key, a wheel, a scroll, a
 * field taking focus. On a phone the first touch of a scroll starts the load, well before a tap on a size.
 */
export const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'] as const;

type IntentWindow = Pick<Window, 'addEventListener' | 'removeEventListener'>;

const firstTouches = new WeakMap<IntentWindow, Promise<void>>();

/** Resolves at the shopper's first sign of intent on `win` (one listener set a window, however many islands wait). */
export function firstTouch(win: IntentWindow): Promise<void> {
  let touched = firstTouches.get(win);
  if (!touched) {
    touched = new Promise<void>((resolve) => {
      const done = () => {
        for (const type of INTENT_EVENTS) win.removeEventListener(type, done, true);
        resolve();
      };
      for (const type of INTENT_EVENTS) win.addEventListener(type, done, { capture: true, passive: true });
    });
    firstTouches.set(win, touched);
  }
  return touched;
}

/** A click, a choice or a finger's touch the island did not see, to give it once it is ready. */
type Held =
  | { kind: 'click'; target: Element }
  | { kind: 'change'; target: HTMLSelectElement | HTMLInputElement; value: string; checked: boolean }
  | { kind: 'touch'; type: 'touchstart' | 'touchend'; target: Element; clientX: number; clientY: number };

/**
 * Holds the clicks, changes and touches inside `island` until the returned function is called (once it has hydrated,
 * or failed to), then gives them to it in order; meanwhile the island says it is busy (`aria-busy`). A link is followed at once, as it would be without the island; taps repeated on the same
 * thing before it is ready count once. `onFirst` is told of the
 * first one held, so a tap that comes before any other sign of intent starts the load too.
 */
export function holdUntilReady(island: HTMLElement, onFirst: () => void): () => void {
  const held: Held[] = [];
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // A second tap on the same thing while nothing seemed to happen is the same wish, not two.
    const last = held.at(-1);
    if (last?.kind !== 'click' || last.target !== target) held.push({ kind: 'click', target });
    // Assistive technology is told the island is busy until its answer comes.
    island.setAttribute('aria-busy', 'true');
    onFirst();
  };
  const onChange = (event: Event) => {
    const target = event.target;
    if (!(target instanceof HTMLSelectElement || target instanceof HTMLInputElement)) return;
    held.push({ kind: 'change', target, value: target.value, checked: target instanceof HTMLInputElement && target.checked });
    island.setAttribute('aria-busy', 'true');
    onFirst();
  };
  // A finger's touches are only noted (the page scrolls as it would): the gallery's swipe is its touchstart and
  // touchend, given to it again with the same points.
  const onTouch = (event: Event) => {
    const touch = (event as TouchEvent).changedTouches?.[0];
    if (!touch || !(event.target instanceof Element)) return;
    held.push({ kind: 'touch', type: event.type as 'touchstart' | 'touchend', target: event.target, clientX: touch.clientX, clientY: touch.clientY });
    onFirst();
  };
  island.addEventListener('click', onClick, true);
  island.addEventListener('change', onChange, true);
  island.addEventListener('touchstart', onTouch, { capture: true, passive: true });
  island.addEventListener('touchend', onTouch, { capture: true, passive: true });
  return () => {
    island.removeEventListener('click', onClick, true);
    island.removeEventListener('change', onChange, true);
    island.removeEventListener('touchstart', onTouch, true);
    island.removeEventListener('touchend', onTouch, true);
    island.removeAttribute('aria-busy');
    for (const h of held.splice(0)) {
      if (!h.target.isConnected) continue;
      if (h.kind === 'touch') {
        replayTouch(h);
        continue;
      }
      if (h.kind === 'click') {
        if (h.target instanceof HTMLElement) h.target.click();
        else h.target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
        continue;
      }
      // Hydration may have set the control back to what the server rendered: the shopper's choice again, then the
      // event the island listens for.
      h.target.value = h.value;
      if (h.target instanceof HTMLInputElement) h.target.checked = h.checked;
      h.target.dispatchEvent(new Event('change', { bubbles: true }));
    }
  };
}

/** A touch given again, where the browser can make one (Safari cannot construct touch events: the swipe is lost). */
function replayTouch(h: { type: 'touchstart' | 'touchend'; target: Element; clientX: number; clientY: number }): void {
  try {
    const touch = new Touch({ identifier: 0, target: h.target, clientX: h.clientX, clientY: h.clientY });
    const touches = h.type === 'touchstart' ? [touch] : [];
    h.target.dispatchEvent(new TouchEvent(h.type, { bubbles: true, cancelable: true, touches, changedTouches: [touch] }));
  } catch {
    // Nothing to give: the next swipe moves the gallery.
  }
}
