import type { CommerceApi } from '#src/lib/commerce-api/commerce-api.ts';
import { httpCommerce } from '#src/lib/commerce-api/http-client.ts';
import { config } from './config.ts';
import { compressJsonReply } from './http/compress.ts';
import { sharedPages } from './http/page-cache.ts';
import type { WebPlatform } from '#src/web/platform.ts';

/**
 * The Node server's platform for the web layer (src/web/platform.ts), the one file above the commerce API that may
 * reach the engine and Node's modules: the commerce API's binding (the engine in this process, or with
 * COMMERCE_API_URL a client of the engine's server: then this process opens no database), the one-shot compression
 * of JSON replies, and the per-process cache of pages rendered from the catalog.
 */
/** The binding picked by configuration; the engine is loaded only when it runs in this process. */
async function bind(): Promise<CommerceApi> {
  const { COMMERCE_API_URL, COMMERCE_API_SECRET } = config();
  if (COMMERCE_API_URL) return httpCommerce({ url: COMMERCE_API_URL, secret: COMMERCE_API_SECRET ?? '' });
  return (await import('./commerce-api/embedded.ts')).embeddedCommerce();
}
const commerce = bind();

const caller = { session: null, client: 'store', requestId: 'page-cache' };

export const platform: WebPlatform = {
  commerce,
  finish: compressJsonReply,
  pages: import.meta.env?.DEV
    ? undefined
    : sharedPages(async () => {
        const answer = await (await commerce).catalog.stamp(caller);
        // A stamp that cannot be read keeps nothing: every page is rendered until the engine answers again.
        return answer.ok ? answer.value : `unavailable:${Date.now()}`;
      }),
};
