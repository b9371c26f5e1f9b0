// The production server: Astro's handler for the store, plus the embedded OpenID provider under /oidc (the local
// social sign-in provider). Run after `astro build`: `node src/server/main.ts` (npm start does this).
import http from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { localProviderMount } from './oidc/mount.ts';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// This is the production server however it is started (npm start, npm run serve, a process manager): cookies are
// Secure off loopback, and the development-only pages stay off unless asked for (see src/server/session/cookies.ts).
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';
type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => unknown;
const dist = process.env.STORE_DIST ?? 'dist';
const { handler } = (await import(pathToFileURL(resolve(dist, 'server/entry.mjs')).href)) as { handler: NodeHandler };

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
const oidc = localProviderMount();

const server = http.createServer((req, res) => {
  if (!oidc(req, res)) handler(req, res);
});
server.listen(port, host, () => console.log(`Store listening on http://${host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
