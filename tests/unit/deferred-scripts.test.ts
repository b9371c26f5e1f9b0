// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { startDeferredScripts } from '#src/islands/page/deferred-scripts.ts';

afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset['pageScripts'];
});

it('makes the scripts held in a template again in the document, and says so on <html> once they have run', async () => {
  document.documentElement.dataset['pageScripts'] = 'held';
  document.body.innerHTML = '<main></main><template data-after-paint><script type="module" src="/_astro/PageScripts.js"></script></template>';
  startDeferredScripts(document);

  expect(document.querySelector('template')).toBeNull();
  const scripts = [...document.querySelectorAll('script')];
  expect(scripts.map((s) => [s.type, s.getAttribute('src')])).toEqual([['module', '/_astro/PageScripts.js']]);
  // Made by a script, not moved: a script parsed inside a template is never run by the browser.
  expect(scripts[0]!.ownerDocument).toBe(document);

  await Promise.resolve();
  expect(document.documentElement.dataset['pageScripts']).toBe('held');
  scripts[0]!.dispatchEvent(new Event('load'));
  await vi.waitFor(() => expect(document.documentElement.dataset['pageScripts']).toBe('ran'));
});
