// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import cloudflare from '@astrojs/cloudflare';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { clientPaintedIntegration } from './src/integrations/client-painted.ts';
import { customMediaIntegration } from './src/integrations/custom-media.ts';
import { imageServiceIntegration } from './src/integrations/image-service.ts';
import { pageLoadersIntegration } from './src/integrations/page-loaders.ts';
import { precompress } from './src/integrations/precompress.ts';
import { parseConfig, storeOrigin } from './src/server/config.ts';

// One schema for every environment variable (src/server/config.ts): a malformed value stops `astro dev` and
// `astro build` here, with the same message the server and the scripts give.
const env = parseConfig(process.env);

/**
 * `astro dev` puts the same front door as the production server (src/server/http/front-door.ts: the store's own
 * host only, allowed methods, security headers) before everything, and serves the embedded OpenID provider under
 * /oidc, the sandbox card gateway under /sandbox-gateway and the PayPal sandbox's approval page under /sandbox-paypal
 * as the production server does (src/server/main.ts), so social sign-in through the local provider, card tokenization
 * and PayPal approval work in development too. The modules are plain
 * Node TypeScript (the production server runs them unbundled), loaded on the first request.
 */
const frontDoorAndLocalOidcInDev = {
  name: 'store:front-door-and-local-oidc',
  hooks: {
    /** @param {{ server: import('vite').ViteDevServer }} options */
    'astro:server:setup': ({ server }) => {
      /** @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => boolean} Mount */
      /** @type {Promise<{ door: Mount, oidc: Mount, sandboxGateway: Mount, sandboxPaypal: Mount }> | undefined} */
      let mounted;
      server.middlewares.use((req, res, next) => {
        mounted ??= Promise.all([
          import('./src/server/http/front-door.ts'),
          import('./src/server/social/local-provider/mount.ts'),
          import('./src/server/payments/sandbox/mount.ts'),
          import('./src/server/payments/paypal-sandbox/approval-mount.ts'),
        ]).then(([f, m, p, pp]) => ({
          door: f.createFrontDoor(),
          oidc: m.localProviderMount(),
          sandboxGateway: p.sandboxGatewayMount(),
          sandboxPaypal: pp.sandboxPaypalMount(),
        }));
        mounted.then(({ door, oidc, sandboxGateway, sandboxPaypal }) => {
          if (door(req, res)) return;
          if (req.url?.startsWith('/oidc') && oidc(req, res)) return;
          if (req.url?.startsWith('/sandbox-gateway') && sandboxGateway(req, res)) return;
          if (req.url?.startsWith('/sandbox-paypal') && sandboxPaypal(req, res)) return;
          next();
        }, next);
      });
    },
  },
};

// Two targets from one codebase: the Node server (the default) and, with STORE_TARGET=edge, a worker for the Workers
// runtime (workerd), built into dist-edge/ by Astro's Cloudflare adapter. The edge worker reaches the engine over the
// commerce API's HTTP binding: src/web/edge-platform.ts takes the place of src/server/node-platform.ts, so nothing of
// the engine is in its bundle (tests/edge/worker-bundle.test.ts). docs/decisions.md "Edge functions".
const edge = process.env.STORE_TARGET === 'edge';
const nodePlatform = fileURLToPath(new URL('./src/server/node-platform.ts', import.meta.url));
const edgePlatform = fileURLToPath(new URL('./src/web/edge-platform.ts', import.meta.url));
/** @type {import('vite').Plugin} */
const edgePlatformPlugin = {
  name: 'store:edge-platform',
  enforce: 'pre',
  async resolveId(source, importer) {
    if (!importer || !source.endsWith('node-platform.ts')) return null;
    const resolved = await this.resolve(source, importer, { skipSelf: true });
    return resolved?.id === nodePlatform ? edgePlatform : null;
  },
};

// Static by default: pages that must be fresh per request (the bag, the API) opt out with
// `export const prerender = false`. The Node adapter renders on demand in its 'middleware' mode: our server
// (src/server/main.ts, src/server/front.ts) serves the built files from an index made at start-up, so the
// adapter does not look each request up on disk again.
export default defineConfig({
  output: 'static',
  // STORE_DIST lets test and bench runs build side by side without overwriting each other's dist/.
  outDir: edge ? 'dist-edge' : env.STORE_DIST,
  // Canonical links in prerendered pages use the configured origin, never a request's.
  site: storeOrigin(env),
  adapter: edge ? cloudflare({ imageService: 'passthrough', prerenderEnvironment: 'node' }) : node({ mode: 'middleware' }),
  // precompress() last: it compresses what the others wrote.
  integrations: [
    react(),
    frontDoorAndLocalOidcInDev,
    customMediaIntegration(),
    imageServiceIntegration(),
    clientPaintedIntegration(),
    pageLoadersIntegration(),
    precompress(),
  ],
  server: { host: env.HOST, port: env.PORT },
  // Our own middleware refuses every cross-origin state change, JSON included (see src/server/http/origin.ts);
  // Astro's built-in check only covers form content types, so it would be a second, weaker copy.
  security: { checkOrigin: false },
  // Sessions are the commerce engine's own, in the database (src/server/session); Astro's file-based session
  // store would hold state on one instance's disk.
  session: false,
  vite: {
    build: {
      assetsInlineLimit: 2048,
      // Fewer, larger chunks for what most pages load anyway: React, its client and nanostores' React binding in one,
      // and the small shared modules of src/lib (stores, money, the API contract) with their libraries in another once
      // six or more entries use them. Each file
      // is compressed on its own, so many small ones cost more than their sum. Measured as tests/api/page-scripts.spec.ts
      // counts (gzip), six entries with React's group so drawn: the product page 101,837 bytes, the checkout 101,994,
      // the bag 110,279, home 20,196, each less than with eight; five or seven put the product page or the checkout back
      // over 100 KiB.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]/,
                priority: 2,
              },
              { name: 'shared', test: /[\\/]src[\\/]lib[\\/]|node_modules[\\/](nanostores|valibot|cookie)[\\/]/, minShareCount: 6, priority: 1 },
            ],
          },
        },
      },
    },
    plugins: edge ? [edgePlatformPlugin] : [],
  },
});
