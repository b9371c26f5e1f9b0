// The image service in Astro's build and dev server: the build gives every page and island the media stamp (the
// version image URLs carry, src/lib/images/image-urls.ts) as __MEDIA_STAMP__; `astro dev` serves /img/ from
// public/media with the production server's middleware (src/server/images/image-service.ts), loaded on first use.
import type { AstroIntegration } from 'astro';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mediaStamp } from '../server/images/media-stamp.ts';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export function imageServiceIntegration(mediaDir = 'public/media'): AstroIntegration {
  return {
    name: 'store:image-service',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { define: { __MEDIA_STAMP__: JSON.stringify(mediaStamp(mediaDir)) } } });
      },
      'astro:server:setup': ({ server }) => {
        let mounted: Promise<Middleware> | undefined;
        server.middlewares.use((req, res, next) => {
          if (!req.url?.startsWith('/img/')) return next();
          mounted ??= import('../server/images/image-service.ts').then((m) => m.storeImageService(mediaDir));
          mounted.then((images) => images(req, res, next), next);
        });
      },
    },
  };
}
