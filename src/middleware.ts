import { defineMiddleware } from 'astro:middleware';
import { catalogStamp } from './server/catalog/catalog-facade.ts';
import { failure } from './server/http/api.ts';
import { compressJsonReply } from './server/http/compress.ts';
import { isCrossOriginWrite } from './server/http/origin.ts';
import { sharedPageKey, sharedPages } from './server/http/page-cache.ts';
import { requestSessions } from './server/http/session-cookies.ts';

// Pages rendered from the catalog, kept per instance until the catalog changes (src/server/http/page-cache.ts). Not
// under `astro dev`, where a page changes with its source and the catalog stamp does not.
const pages = import.meta.env.DEV ? undefined : sharedPages(catalogStamp);

export const onRequest = defineMiddleware(async (context, next) => {
  // Prerendered pages run this at build time only; there is no visitor to give a session to.
  if (context.isPrerendered) return next();
  if (isCrossOriginWrite(context.request)) {
    return failure(403, 'This request came from another site and was refused.');
  }
  const key = context.url.pathname.startsWith('/api/') ? undefined : sharedPageKey(context.url);
  const cached = key === undefined ? undefined : await pages?.lookup(context.request, key);
  if (cached instanceof Response) return cached;
  const sessions = requestSessions(context);
  context.locals.session = sessions.session;
  context.locals.keepSession = sessions.keepSession;
  context.locals.firstBagHolder = sessions.firstBagHolder;
  const response = await next();
  // A shared page goes out from the cache's copies; JSON replies are compressed here in one call; the other pages
  // go on to the stream compressor (src/server/http/compress.ts).
  if (cached && context.locals.sharedPage) return cached.keep(response);
  return compressJsonReply(context.request, response);
});
