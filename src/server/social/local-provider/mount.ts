import type { IncomingMessage, ServerResponse } from 'node:http';
import { storeOrigin } from '../../config.ts';
import { SharedPromise } from '../../shared-promise.ts';
import { socialProviders } from '../providers.ts';
import { LOCAL_PROVIDER_PATH } from './names.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * Serves the embedded OpenID provider under /oidc in front of the store: the production server (src/server/main.ts)
 * and `astro dev` (the integration in astro.config.mjs) both use it, so social sign-in works the same in both.
 * Returns false for a request that is not the provider's, so the caller passes it on.
 *
 * One provider, made on first use, whose issuer is the store's configured origin + /oidc: nothing in a request
 * (Host included) can choose or multiply issuers. Its module is loaded then too: oidc-provider and what it brings
 * are about 8 MB of a server's heap once imported, which a store nobody signs in to socially never needs.
 */
export function localProviderMount(origin: string = storeOrigin()): (req: IncomingMessage, res: ServerResponse) => boolean {
  const enabled = socialProviders().some((p) => p.name === 'local');
  // A failed start (database not reachable yet) is not kept: the next request tries again.
  const provider = new SharedPromise<NodeHandler>();
  const providerHandler = () => provider.once(() => import('./provider.ts').then(({ localProviderHandler }) => localProviderHandler(origin)));
  return (req, res) => {
    const url = req.url ?? '/';
    if (!enabled || !(url === LOCAL_PROVIDER_PATH || url.startsWith(`${LOCAL_PROVIDER_PATH}/`))) return false;
    providerHandler()
      .then((h) => h(req, res))
      .catch((err) => {
        console.error('[oidc]', err);
        if (!res.headersSent) res.writeHead(500).end();
      });
    return true;
  };
}
