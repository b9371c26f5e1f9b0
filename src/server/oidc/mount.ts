import type { IncomingMessage, ServerResponse } from 'node:http';
import { socialProviders } from '../social/providers.ts';
import { localProviderHandler, LOCAL_PROVIDER_PATH } from './provider.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * Serves the embedded OpenID provider under /oidc in front of the store: the production server (src/server/main.ts)
 * and `astro dev` (the integration in astro.config.mjs) both use it, so social sign-in works the same in both.
 * Returns false for a request that is not the provider's, so the caller passes it on.
 *
 * One provider per origin the store is reached at (its issuer URL must match the browser's origin). Without
 * PUBLIC_ORIGIN only loopback hosts are served, so a forged Host header cannot mint issuers.
 */
export function localProviderMount(): (req: IncomingMessage, res: ServerResponse) => boolean {
  const enabled = socialProviders().some((p) => p.name === 'local');
  const providers = new Map<string, Promise<NodeHandler>>();
  const providerFor = (req: IncomingMessage): Promise<NodeHandler> | null => {
    const origin = process.env.PUBLIC_ORIGIN ?? (LOOPBACK_HOST.test(req.headers.host ?? '') ? `http://${req.headers.host}` : null);
    if (!origin) return null;
    let p = providers.get(origin);
    if (!p) {
      p = localProviderHandler(origin);
      p.catch(() => providers.delete(origin));
      providers.set(origin, p);
    }
    return p;
  };
  return (req, res) => {
    const url = req.url ?? '/';
    if (!enabled || !(url === LOCAL_PROVIDER_PATH || url.startsWith(`${LOCAL_PROVIDER_PATH}/`))) return false;
    const provider = providerFor(req);
    if (!provider) {
      res.writeHead(404).end();
      return true;
    }
    provider.then((h) => h(req, res)).catch((err) => {
      console.error('[oidc]', err);
      if (!res.headersSent) res.writeHead(500).end();
    });
    return true;
  };
}
