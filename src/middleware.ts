import { defineMiddleware } from 'astro:middleware';
import { platform } from './server/node-platform.ts';
import { bindCommerce } from './web/commerce.ts';
import { failure } from './web/http/api.ts';
import { errorPage } from './web/http/error-page.ts';
import { isCrossOriginWrite } from './web/http/origin.ts';
import { sharedPageKey, sharedReplyKey } from './web/http/shared-page-key.ts';

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
  const startedAt = Date.now();
  // A refusal goes out through the platform too: at the edge it reads what is left of the request's body first, or
  // workerd closes the connection and the browser's next request on it fails.
  const admitted = platform.admit?.(context.request);
  if (admitted) return platform.finish(context.request, await admitted);
  if (isCrossOriginWrite(context.request)) {
    return platform.finish(context.request, failure(403, 'This request came from another site and was refused.'));
  }
  const api = context.url.pathname.startsWith('/api/');
  const key = !api ? sharedPageKey(context.url) : platform.pages?.keepsReplies ? await sharedReplyKey(context.request) : undefined;
  const cached = key === undefined ? undefined : await platform.pages?.lookup(context.request, key);
  if (cached instanceof Response) return platform.finish(context.request, cached);
  context.locals.commerce = bindCommerce(platform.commerce, context, startedAt);
  if (cached?.stale && platform.later) {
    // Stale-while-revalidate: the earlier copy goes out now; the page is rendered again and kept behind it.
    const again = next().then(
      async (rendered): Promise<unknown> => (context.locals.sharedPage ? (await cached.keep(rendered)).body?.cancel() : rendered.body?.cancel()),
    );
    platform.later(
      context.locals,
      again.catch(() => undefined),
    );
    return platform.finish(context.request, cached.stale);
  }
  let response: Response;
  try {
    response = await next();
  } catch (err) {
    cached?.abandon?.();
    // A page that could not be rendered (the engine out of reach): a plain page that says so, never a stack trace.
    // An endpoint answers for itself (src/web/http/api.ts `endpoint`).
    if (api) throw err;
    return platform.finish(context.request, errorPage(err));
  }
  // A shared page goes out from the cache's copies; JSON replies are compressed here in one call; the other pages
  // go on to the stream compressor (src/server/http/compress.ts).
  if (cached && context.locals.sharedPage) return platform.finish(context.request, await cached.keep(response));
  cached?.abandon?.();
  return platform.finish(context.request, response);
});
