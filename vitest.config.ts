import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // tests/dev (astro dev) has its own config and step: vitest.dev.config.ts, `npm run test:dev`.
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/engine/**/*.test.ts'],
    environment: 'node',
    // Any console.error / console.warn during a test (React's warnings among them) fails that test.
    setupFiles: ['tests/helpers/fail-on-console.ts'],
    testTimeout: 30_000,
    // The peak handling fee depends on the calendar: off in the test runs, so no total depends on the day they run.
    // Tests of the fee turn it on and set the date (tests/engine/shipping-extras.test.ts).
    env: { PEAK_HANDLING_FEE_CENTS: '0' },
    // Engine tests each open their own database; running files in parallel on 2 cores is fine.
    pool: 'forks',
  },
});
