// Expands the CSS's custom media (`@media (--phone)`, `@media (--wide)`) from src/lib/breakpoints.ts, in every
// stylesheet Vite builds (global.css, header.css, <style> in components), so the phone breakpoint is one number
// that scripts and styles share. Browsers do not support @custom-media yet; this is that expansion, with the
// definitions taken from the scripts' constant instead of a CSS file.
import type { AstroIntegration } from 'astro';
import { expandCustomMedia } from '../lib/breakpoints.ts';

/** A PostCSS plugin (Vite runs PostCSS on every stylesheet): each @media rule's query, expanded. */
export const customMediaPlugin = {
  postcssPlugin: 'store-custom-media',
  AtRule: {
    media: (rule: { params: string }) => {
      rule.params = expandCustomMedia(rule.params);
    },
  },
};

export function customMediaIntegration(): AstroIntegration {
  return {
    name: 'store:custom-media',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { css: { postcss: { plugins: [customMediaPlugin] } } } });
      },
    },
  };
}
