/**
 * When a page's scripts may start without holding up its largest paint (docs/decisions.md, "The largest paint first").
 *
 * A page that preloads its photograph (the product page) waits until the browser reports that photograph painted: its
 * largest-contentful-paint entry for an image, which the browser gives once the frame is shown. Any other page waits
 * until its whole document has been parsed and the frame after that shown: its HTML arrives in parts, and its
 * largest text may be in the last one (the bag's header and title are painted before its lines and shipping choice,
 * which are larger). The scripts then cannot compete with the photograph for the network or
 * the main thread, and Lighthouse, which counts every script that finished before the largest paint into it, sees
 * the page as the shopper does.
 *
 * Never later than `timeoutMs`: a photograph that fails or never paints (a hidden tab is not painted) must not leave
 * the page without its scripts. A hidden page opens at once; a browser without the paint entry (Safari) opens on the
 * first frame after the photograph has loaded.
 */
export const PAINT_GATE_TIMEOUT_MS = 3000;

/** The image a page marks as its most important: the first gallery slide (fetchpriority=high). */
const HERO = 'img[fetchpriority="high"]';

type GateWindow = Pick<Window, 'document' | 'setTimeout' | 'clearTimeout' | 'requestAnimationFrame'> & {
  PerformanceObserver?: typeof PerformanceObserver;
};

export function whenLargestPaintShown(win: GateWindow, timeoutMs = PAINT_GATE_TIMEOUT_MS): Promise<void> {
  const doc = win.document;
  return new Promise<void>((resolve) => {
    const undo: (() => void)[] = [];
    let open = false;
    const openGate = () => {
      if (open) return;
      open = true;
      for (const u of undo) u();
      resolve();
    };
    const listen = (type: string, fn: (e: Event) => void) => {
      doc.addEventListener(type, fn, true);
      undo.push(() => doc.removeEventListener(type, fn, true));
    };

    if (doc.visibilityState === 'hidden') return openGate();
    listen('visibilitychange', () => doc.visibilityState === 'hidden' && openGate());
    const timer = win.setTimeout(openGate, timeoutMs);
    undo.push(() => win.clearTimeout(timer));
    // The head says whether there is a photograph to wait for; the gallery's image may not be parsed yet.
    const photograph = doc.querySelector('link[rel="preload"][as="image"]') !== null;
    const isHero = (e: Event) => (e.target as Element | null)?.matches?.(HERO) === true;
    listen('error', (e) => isHero(e) && openGate());

    if (!photograph) {
      // The frame after the last part: a frame's callbacks run before it is painted, a task queued from them after.
      const afterParsed = () => win.requestAnimationFrame(() => win.setTimeout(openGate, 0));
      if (doc.readyState === 'loading') listen('DOMContentLoaded', afterParsed);
      else afterParsed();
    } else if (win.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint')) {
      const observer = new win.PerformanceObserver((list) => {
        if (list.getEntries().some((entry) => (entry as PerformanceEntry & { url?: string }).url)) openGate();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      undo.push(() => observer.disconnect());
      // The browser reports no largest paint after the shopper's first tap, key or scroll: touched before the
      // photograph was shown, the page opens on the frame after it has loaded, as where the entry does not exist.
      let touched = false;
      const onTouched = () => {
        if (touched) return;
        touched = true;
        whenHeroLoaded();
      };
      for (const type of ['pointerdown', 'keydown', 'scroll']) listen(type, onTouched);
    } else {
      whenHeroLoaded();
    }

    function whenHeroLoaded(): void {
      if (doc.querySelector<HTMLImageElement>(HERO)?.complete) win.requestAnimationFrame(() => openGate());
      else listen('load', (e) => isHero(e) && win.requestAnimationFrame(() => openGate()));
    }
  });
}
