// The reachability rule of the layer above the commerce API, checked by `npm run layers` with the traversal stopped at
// the Node platform (src/server/node-platform.ts, the one file that binds the engine in process): from every page,
// endpoint, component, layout, the web layer and src/middleware.ts, nothing of the engine, its database or a
// Node-only package is reachable. What the edge worker bundles is this closure and nothing more.
const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-closure-has-no-engine',
      comment:
        'Reachable from the web layer: src/lib, src/web, the islands, src/server/config.ts and the platform file only; ' +
        'never the engine (src/server/**), the database drivers or a Node-only package.',
      severity: 'error',
      from: { path: '^src/(pages|components|layouts|web)/|^src/middleware[.]ts$' },
      to: {
        reachable: true,
        path: '^src/server/|^node_modules/(pg|pg-pool|pg-protocol|nodemailer|argon2|kysely|compression|openid-client|@paypal/paypal-server-sdk)/',
        pathNot: '^src/server/(config|node-platform)[.]ts$',
      },
    },
  ],
  options: {
    ...base.options,
    doNotFollow: { path: ['node_modules', '^src/server/node-platform[.]ts$'] },
  },
};
