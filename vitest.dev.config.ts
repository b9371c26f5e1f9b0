import { defineConfig } from 'vitest/config';

/**
 * `npm run test:dev`: the astro dev server test (tests/dev), on its own: it starts `astro dev`, which takes tens of
 * seconds and a port, so it is kept out of the unit run (vitest.config.ts) and run as its own step of `npm test`.
 */
export default defineConfig({
  test: {
    include: ['tests/dev/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/helpers/fail-on-console.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
