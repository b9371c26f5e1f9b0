import { defineMiddleware } from 'astro:middleware';
import { failure } from './server/http/api.ts';
import { compressJsonReply } from './server/http/compress.ts';
import { isCrossOriginWrite } from './server/http/origin.ts';
import { requestSessions } from './server/http/session-cookies.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  // Prerendered pages run this at build time only; there is no visitor to give a session to.
  if (context.isPrerendered) return next();
  if (isCrossOriginWrite(context.request)) {
    return failure(403, 'This request came from another site and was refused.');
  }
  const sessions = requestSessions(context);
  context.locals.session = sessions.session;
  context.locals.keepSession = sessions.keepSession;
  // JSON replies are compressed here in one call; pages go on to the stream compressor (src/server/http/compress.ts).
  return compressJsonReply(context.request, await next());
});
