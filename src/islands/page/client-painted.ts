/**
 * `client:painted`, an Astro client directive (src/integrations/client-painted.ts): the island hydrates once the
 * page's largest paint has been shown (paint-gate.ts); with `client:painted="idle"` it then also waits for the browser
 * to be idle, as `client:idle` does; with `client:painted="touch"` (or `"touch:color,size"`, below), for the
 * shopper's first touch of the page (first-touch.ts), holding the clicks and choices made inside the island until it
 * is ready. Astro bundles this file and writes it inline into each page that uses it, so the
 * gate costs no request. The same gate starts the page scripts Base.astro held back (`scriptsAfterPaint`).
 */
import type { ClientDirective } from 'astro';
import { startDeferredScripts } from './deferred-scripts.ts';
import { firstTouch, holdUntilReady } from './first-touch.ts';
import { whenLargestPaintShown } from './paint-gate.ts';

const painted = whenLargestPaintShown(window);
void painted.then(() => startDeferredScripts(document));

const idle = () =>
  new Promise<void>((resolve) => ('requestIdleCallback' in window ? requestIdleCallback(() => resolve()) : setTimeout(resolve, 200)));

/**
 * `"touch:color,size"`: wait for the first touch unless the page's address names one of the choices listed, which the
 * island shows from it and the page's HTML (the same for every visitor) does not: then it wakes with the page.
 */
function waitsForTouch(value: unknown): boolean {
  if (typeof value !== 'string' || !/^touch(:|$)/.test(value)) return false;
  const query = new URLSearchParams(window.location.search);
  return !value
    .slice('touch:'.length)
    .split(',')
    .some((choice) => choice !== '' && query.has(choice));
}

const clientPainted: ClientDirective = (load, options, island) => {
  if (waitsForTouch(options.value)) {
    let touched: () => void = () => {};
    const tapped = new Promise<void>((resolve) => (touched = resolve));
    const release = holdUntilReady(island, touched);
    void Promise.all([painted, Promise.race([firstTouch(window), tapped])]).then(async () => {
      try {
        const hydrate = await load();
        await hydrate();
      } finally {
        // Held no longer: an island that failed to wake leaves the page's own HTML to answer.
        release();
      }
    });
    return;
  }
  void painted.then(async () => {
    if (options.value === 'idle') await idle();
    const hydrate = await load();
    await hydrate();
  });
};
export default clientPainted;
