// The layer rules and the rule against import cycles between files, checked by `npm test` (npm run layers, which
// also runs scripts/folder-cycles.ts with these options: no cycles between feature folders either).
// dependency-cruiser reads .ts/.tsx/.mjs; it does not parse .astro files, so the rule for .astro components is a
// Biome noRestrictedImports override in biome.jsonc.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No module imports itself through others: a cycle makes load order matter and a feature impossible to read on ' +
        'its own. Shared types go in a module of their own (payments/gateway.ts, addresses/address-provider.ts).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-is-isomorphic',
      comment: 'src/lib runs in the browser and on the server: it never imports the server, pages, islands or a Node built-in.',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/(server|pages|islands)/' },
    },
    {
      name: 'lib-no-node-builtins',
      comment: 'src/lib runs in the browser too: no Node built-in (node:fs, node:crypto, ...).',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'islands-not-server',
      comment: 'Islands are bundled for the browser: they reach the server over HTTP (src/lib/api-client.ts), never by import.',
      severity: 'error',
      from: { path: '^src/islands/' },
      to: { path: '^src/(server|pages)/' },
    },
    {
      name: 'web-layer-not-server',
      comment:
        'Pages, endpoints, components, layouts and the web layer (src/web) reach the engine through the commerce API ' +
        'bound to the request (Astro.locals.commerce, src/web/commerce.ts) only: nothing under src/server but the ' +
        "store's settings (src/server/config.ts), so the same code runs in the Node server and at the edge. For .astro " +
        'files the same rule is a Biome override (biome.jsonc).',
      severity: 'error',
      from: { path: '^src/(pages|components|layouts|web)/' },
      to: { path: '^src/server/', pathNot: '^src/server/config[.]ts$' },
    },
    {
      name: 'middleware-through-the-platform',
      comment:
        'src/middleware.ts takes the binding, compression and the page cache from the platform it runs on: for the ' +
        'Node server src/server/node-platform.ts, the one file above the commerce API that reaches the engine.',
      severity: 'error',
      from: { path: '^src/middleware[.]ts$' },
      to: { path: '^src/server/', pathNot: '^src/server/(config|node-platform)[.]ts$' },
    },
    {
      name: 'web-layer-runtime-neutral',
      comment:
        'What runs above the commerce API uses no Node built-in (node:fs, node:zlib, node:sqlite, worker_threads, ...): ' +
        'it runs in workerd too. The Node-only parts (compression, static files, the page cache) are src/server/http.',
      severity: 'error',
      from: { path: '^src/(pages|components|layouts|web|middleware)' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-http-is-the-node-server',
      comment:
        "src/server/http is the Node server's plumbing (compression, static files, the page cache, throttling): it " +
        'reaches the database, never the bag and catalog core in src/server/commerce.',
      severity: 'error',
      from: { path: '^src/server/http/' },
      to: { path: '^src/server/commerce/' },
    },
    {
      name: 'engine-core-not-wire',
      comment:
        "The bag and catalog core works in the engine's own types (src/lib/commerce/): the spec's wire shapes are made " +
        "at the API's edge (src/lib/api/wire.ts, called by endpoints and pages), never inside it.",
      severity: 'error',
      from: { path: '^src/server/commerce/' },
      to: { path: '^src/lib/api/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js'] },
  },
};
