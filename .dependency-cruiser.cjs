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
      name: 'components-not-db',
      comment: 'Components render what pages hand them; they never open the database.',
      severity: 'error',
      from: { path: '^src/components/' },
      to: { path: '^src/server/db/' },
    },
    {
      name: 'pages-only-through-facades',
      comment:
        'Pages, endpoints and components reach the server through the commerce API only: the facades (one *-facade.ts ' +
        'per resource: catalog, bag, checkout, address, orders, customer, customer lists, outbox) or ' +
        'src/server/commerce-api.ts, which gathers them, and the HTTP helpers in src/server/http; never the database, ' +
        'the engine or its tables. For .astro files the same rule is a Biome override (biome.jsonc).',
      severity: 'error',
      from: { path: '^src/(pages|components)/' },
      to: { path: '^src/server/', pathNot: ['^src/server/http/', '^src/server/.+-facade[.]ts$', '^src/server/commerce-api[.]ts$'] },
    },
    {
      name: 'http-helpers-not-engine',
      comment:
        "src/server/http is the endpoints' plumbing (replies, cookies, the page cache): it reaches the session and the " +
        'database, never the bag and catalog core in src/server/commerce (a type it needs comes through the session).',
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
