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

/** A click or a choice the island did not see, to give it once it is ready. */
type Held = { kind: 'click'; target: Element } | { kind: 'change'; target: HTMLSelectElement | HTMLInputElement; value: string; checked: boolean };

/**
 * Holds the clicks and changes inside `island` until the returned function is called (once it has hydrated), then
 * gives them to it in order. A link is followed at once, as it would be without the island; taps repeated on the same
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
    onFirst();
  };
  const onChange = (event: Event) => {
    const target = event.target;
    if (!(target instanceof HTMLSelectElement || target instanceof HTMLInputElement)) return;
    held.push({ kind: 'change', target, value: target.value, checked: target instanceof HTMLInputElement && target.checked });
    onFirst();
  };
  island.addEventListener('click', onClick, true);
  island.addEventListener('change', onChange, true);
  return () => {
    island.removeEventListener('click', onClick, true);
    island.removeEventListener('change', onChange, true);
    for (const h of held.splice(0)) {
      if (!h.target.isConnected) continue;
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
