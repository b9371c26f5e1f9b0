// The production server: Astro's handler for the store, plus the embedded OpenID provider under /oidc (the local
// social sign-in provider), behind the front door (host, methods, security headers). Run after `astro build`:
// `node src/server/main.ts` (npm start does this).
import http from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// This is the production server however it is started (npm start, npm run serve, a process manager): cookies are
// Secure off loopback, and the development-only pages stay off unless asked for (see src/server/http/session-cookies.ts).
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';

const { config, storeOrigin } = await import('./config.ts');
// A malformed variable, or a public listener without PUBLIC_ORIGIN, stops the server here with a readable message.
let origin: string;
try {
  origin = storeOrigin(config());
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const { createFrontDoor } = await import('./http/front-door.ts');
const { localProviderMount } = await import('./social/local-provider/mount.ts');
const { sandboxGatewayMount } = await import('./payments/sandbox/mount.ts');
const { sandboxPaypalMount } = await import('./payments/paypal-sandbox/approval-mount.ts');
const { storeFront } = await import('./front.ts');
const { startMaintenance } = await import('./maintenance/sweep.ts');

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;
const { HOST, PORT, STORE_DIST, COMMERCE_API_URL, COMMERCE_API_SECRET } = config();
// A store whose engine is another server's (COMMERCE_API_URL) opens no database: the engine's server seeds, builds
// the search index, settles placements and sweeps. The engine's server answers the commerce API only when it has
// the shared secret (src/server/commerce-api/http-server.ts).
const engineHere = !COMMERCE_API_URL;
const { handler } = (await import(pathToFileURL(resolve(STORE_DIST, 'server/entry.mjs')).href)) as { handler: NodeHandler };

const frontDoor = createFrontDoor(origin);
const oidc = localProviderMount();
// The embedded sandbox gateway's card tokenization (PAYMENT_GATEWAY=sandbox): its own path, before the store.
const sandboxGateway = sandboxGatewayMount();
// The embedded PayPal sandbox's approval page (WEB_PAYMENT=embedded), likewise.
const sandboxPaypal = sandboxPaypalMount();
// Built files go out precompressed, pages and JSON compressed (src/server/front.ts).
const store = storeFront(resolve(STORE_DIST, 'client'), handler);
const commerceApi =
  engineHere && COMMERCE_API_SECRET
    ? (await import('./commerce-api/http-server.ts')).commerceApiMount(
        (await import('./commerce-api/embedded.ts')).embeddedCommerce(),
        COMMERCE_API_SECRET,
      )
    : () => false;

// A store with no catalog yet starts with the seeded one: the one place the server seeds (opening the database never
// does). A database not reachable yet is left as it is.
if (engineHere) {
  const { seedIfEmpty } = await import('./catalog/seed.ts');
  const { getDb, onLapsedPlacement } = await import('./db/database.ts');
  // `npm run bench` asks the server how many statements each request sent (db/statement-count.ts).
  const { answerStatementCount } = await import('./db/statement-count.ts');
  answerStatementCount();
  // A write that meets a bag whose placement a crashed process left past its lease settles it then and there.
  const { recoverLapsedPlacement } = await import('./checkout/placement/recovery.ts');
  onLapsedPlacement((db, err) => recoverLapsedPlacement(db, err));
  await seedIfEmpty(await getDb()).catch((err) => console.error('[seed] the catalog was not checked at start', err));

  // The search index is built before the server takes traffic (and then follows the catalog's version), so no shopper
  // waits for it; a database not reachable yet leaves it to be built on first use.
  const { prepareSearch } = await import('./search/catalog-search.ts');
  await prepareSearch().catch((err) => console.error('[search] not prepared at start', err));
}

const server = http.createServer((req, res) => {
  if (frontDoor(req, res)) return;
  if (!commerceApi(req, res) && !oidc(req, res) && !sandboxGateway(req, res) && !sandboxPaypal(req, res)) store(req, res);
});
server.listen(PORT, HOST, () => console.log(`Store listening on http://${HOST}:${PORT} (public origin ${origin})`));
// Expired sessions, counters and abandoned guest bags are swept by every instance on a jittered timer (safe at once).
const stopMaintenance = engineHere ? startMaintenance() : () => {};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopMaintenance();
    server.close(() => process.exit(0));
  });
}
