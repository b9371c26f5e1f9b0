/**
 * `client:painted`, an Astro client directive (src/integrations/client-painted.ts): the island hydrates once the
 * page's largest paint has been shown (paint-gate.ts); with `client:painted="idle"` it then also waits for the browser
 * to be idle, as `client:idle` does. Astro bundles this file and writes it inline into each page that uses it, so the
 * gate costs no request. The same gate starts the page scripts Base.astro held back (`scriptsAfterPaint`).
 */
import type { ClientDirective } from 'astro';
import { startDeferredScripts } from './deferred-scripts.ts';
import { whenLargestPaintShown } from './paint-gate.ts';

const painted = whenLargestPaintShown(window);
void painted.then(() => startDeferredScripts(document));

const idle = () =>
  new Promise<void>((resolve) => ('requestIdleCallback' in window ? requestIdleCallback(() => resolve()) : setTimeout(resolve, 200)));

const clientPainted: ClientDirective = (load, options) => {
  void painted.then(async () => {
    if (options.value === 'idle') await idle();
    const hydrate = await load();
    await hydrate();
  });
};
export default clientPainted;
