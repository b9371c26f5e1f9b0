import { defineMiddleware } from 'astro:middleware';
import { platform } from './server/node-platform.ts';
import { bindCommerce } from './web/commerce.ts';
import { failure } from './web/http/api.ts';
import { isCrossOriginWrite } from './web/http/origin.ts';
import { sharedPageKey } from './web/http/shared-page-key.ts';

/**
 * Every request on demand: a cross-site write is refused; a page rendered from the catalog alone is answered from the
 * platform's page cache while the catalog is unchanged; otherwise the request gets the commerce API bound to it
 * (`Astro.locals.commerce`, src/web/commerce.ts) and its reply goes out through the platform (JSON compressed in one
 * call). The platform is the Node server's (src/server/node-platform.ts): the binding, compression and the cache;
 * the edge worker's build puts src/web/edge-platform.ts in its place (astro.config.mjs, STORE_TARGET=edge).
 */
export const onRequest = defineMiddleware(async (context, next) => {
  // Prerendered pages run this at build time only; there is no visitor to give a session to.
  if (context.isPrerendered) return next();
  if (isCrossOriginWrite(context.request)) {
    return failure(403, 'This request came from another site and was refused.');
  }
  const key = context.url.pathname.startsWith('/api/') ? undefined : sharedPageKey(context.url);
  const cached = key === undefined ? undefined : await platform.pages?.lookup(context.request, key);
  if (cached instanceof Response) return platform.finish(context.request, cached);
  context.locals.commerce = bindCommerce(platform.commerce, context);
  const response = await next();
  // A shared page goes out from the cache's copies; JSON replies are compressed here in one call; the other pages
  // go on to the stream compressor (src/server/http/compress.ts).
  if (cached && context.locals.sharedPage) return platform.finish(context.request, await cached.keep(response));
  return platform.finish(context.request, response);
});
