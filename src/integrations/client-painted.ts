// Registers `client:painted` (src/islands/page/client-painted.ts): islands that hydrate once the page's largest
// paint has been shown.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate once the page's largest paint has been shown; `"idle"`: then when the browser is idle; `"touch"`: then
     * at the shopper's first touch of the page, its clicks and choices held until the island is ready;
     * `"touch:color,size"`: the same, unless the page's address names one of those choices.
     */
    'client:painted'?: boolean | 'idle' | 'touch' | `touch:${string}`;
  }
}

export function clientPaintedIntegration(): AstroIntegration {
  return {
    name: 'store:client-painted',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        const entrypoint = fileURLToPath(new URL('../islands/page/client-painted.ts', import.meta.url));
        addClientDirective({ name: 'painted', entrypoint });
      },
    },
  };
}
