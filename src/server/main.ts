// The production server: Astro's handler for the store, plus the embedded OpenID provider under /oidc (the local
// social sign-in provider). Run after `astro build`: `node src/server/main.ts` (npm start does this).
import http from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { socialProviders } from './social/providers.ts';
import { localProviderHandler, LOCAL_PROVIDER_PATH } from './oidc/provider.ts';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;
const dist = process.env.STORE_DIST ?? 'dist';
const { handler } = (await import(pathToFileURL(resolve(dist, 'server/entry.mjs')).href)) as { handler: NodeHandler };

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
const localEnabled = socialProviders().some((p) => p.name === 'local');
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

// One provider per origin the store is reached at (its issuer URL must match the browser's origin). Without
// PUBLIC_ORIGIN only loopback hosts are served, so a forged Host header cannot mint issuers.
const providers = new Map<string, Promise<NodeHandler>>();
function localProviderFor(req: http.IncomingMessage): Promise<NodeHandler> | null {
  const origin = process.env.PUBLIC_ORIGIN ?? (LOOPBACK_HOST.test(req.headers.host ?? '') ? `http://${req.headers.host}` : null);
  if (!origin) return null;
  let p = providers.get(origin);
  if (!p) {
    p = localProviderHandler(origin);
    p.catch(() => providers.delete(origin));
    providers.set(origin, p);
  }
  return p;
}

const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  if (localEnabled && (url === LOCAL_PROVIDER_PATH || url.startsWith(`${LOCAL_PROVIDER_PATH}/`))) {
    const provider = localProviderFor(req);
    if (!provider) {
      res.writeHead(404).end();
      return;
    }
    provider.then((h) => h(req, res)).catch((err) => {
      console.error('[oidc]', err);
      if (!res.headersSent) res.writeHead(500).end();
    });
    return;
  }
  handler(req, res);
});
server.listen(port, host, () => console.log(`Store listening on http://${host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
