/**
 * Starts the scripts a page held back in `<template data-after-paint>` (Base.astro, `scriptsAfterPaint`): the browser
 * neither loads nor runs a script inside a template, so each is made again in the document, where it loads and runs
 * (a module script made by a script runs once loaded, as the page's deferred modules would have after parsing). When
 * every one of them has loaded and run, <html> says `data-page-scripts="ran"` (it said "held"): the end-to-end tests
 * wait for it.
 */
const HELD_SCRIPTS = 'template[data-after-paint]';

const ran = (script: HTMLScriptElement) =>
  new Promise((settle) => {
    script.addEventListener('load', settle);
    script.addEventListener('error', settle);
  });

export function startDeferredScripts(doc: Document): void {
  const start = () => {
    const loads: Promise<unknown>[] = [];
    for (const template of doc.querySelectorAll<HTMLTemplateElement>(HELD_SCRIPTS)) {
      for (const held of template.content.querySelectorAll('script')) {
        const script = doc.createElement('script');
        for (const { name, value } of held.attributes) script.setAttribute(name, value);
        script.textContent = held.textContent;
        if (script.src) loads.push(ran(script));
        template.before(script);
      }
      template.remove();
    }
    void Promise.all(loads).then(() => {
      doc.documentElement.dataset['pageScripts'] = 'ran';
    });
  };
  // The templates close the body: the paint may come before the parser has reached them.
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
