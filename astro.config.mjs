// @ts-check
import { defineConfig, envField } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

/**
 * `astro dev` serves the embedded OpenID provider under /oidc as the production server does (src/server/main.ts),
 * so social sign-in through the local provider works in development too. The module is plain Node TypeScript
 * (the production server runs it unbundled), loaded on the first /oidc request.
 */
const localOidcProviderInDev = {
  name: 'store:local-oidc-provider',
  hooks: {
    /** @param {{ server: import('vite').ViteDevServer }} options */
    'astro:server:setup': ({ server }) => {
      /** @type {Promise<(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean> | undefined} */
      let mount;
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith('/oidc')) return next();
        mount ??= import('./src/server/oidc/mount.ts').then((m) => m.localProviderMount());
        mount.then((handle) => (handle(req, res) ? undefined : next()), next);
      });
    },
  },
};

// Static by default: pages that must be fresh per request (the bag, the API) opt out with
// `export const prerender = false`. The Node adapter serves both from one standalone server.
export default defineConfig({
  output: 'static',
  // STORE_DIST lets test and bench runs build side by side without overwriting each other's dist/.
  outDir: process.env.STORE_DIST ?? './dist',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), localOidcProviderInDev],
  server: { host: '127.0.0.1', port: 4321 },
  // Our own middleware refuses every cross-origin state change, JSON included (see src/server/http/origin.ts);
  // Astro's built-in check only covers form content types, so it would be a second, weaker copy.
  security: { checkOrigin: false },
  prefetch: { prefetchAll: false, defaultStrategy: 'hover' },
  // Sessions are the commerce engine's own, in the database (src/server/session); Astro's file-based session
  // store would hold state on one instance's disk.
  session: false,
  env: {
    schema: {
      // Where the commerce engine keeps its data. Unset: embedded SQLite file at DATA_DIR/store.db.
      DATABASE_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      DATA_DIR: envField.string({ context: 'server', access: 'public', default: './data' }),
      // Seconds an idle guest session lives on the server.
      SESSION_TTL_SECONDS: envField.number({ context: 'server', access: 'public', default: 60 * 60 * 24 * 30, int: true, gt: 0 }),
    },
    validateSecrets: true,
  },
  vite: {
    build: { assetsInlineLimit: 2048 },
  },
});
