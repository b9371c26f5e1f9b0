// Registers `client:painted` (src/islands/page/client-painted.ts): islands that hydrate once the page's largest
// paint has been shown.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate once the page's largest paint has been shown; `"idle"`: then when the browser is idle. */
    'client:painted'?: boolean | 'idle';
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
