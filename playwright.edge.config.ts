import { defineConfig, devices } from '@playwright/test';
import { launchOptions, resolveTestBrowser } from './scripts/chromium.ts';

// `npm run test:edge`: the HTTP contract and the shopper's journeys against the edge worker in workerd, its engine
// the Node server behind it over the commerce API (scripts/edge-e2e-server.ts). The suites are the Node target's;
// the specs here are those that need one store (no second instance) and tests/edge/ (what the edge itself does).
const PORT = Number(process.env.EDGE_E2E_PORT ?? 8788);
process.env['E2E_PORT'] = String(PORT);
process.env['E2E_DATA_DIR'] = 'data/edge-e2e';
const chromium = launchOptions(await resolveTestBrowser());

export default defineConfig({
  testDir: 'tests',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 45_000,
  outputDir: `test-results/edge-${PORT}`,
  // One store at the edge: the tests that reach a second instance are the Node target's.
  grepInvert: /both app instances|second instance|two instances/,
  use: { baseURL: `http://127.0.0.1:${PORT}`, trace: 'retain-on-failure', launchOptions: chromium },
  projects: [
    {
      name: 'edge-api',
      testMatch: [
        'edge/**/*.spec.ts',
        'api/basket-api.spec.ts',
        'api/checkout-api.spec.ts',
        'api/header-auto-suggest.spec.ts',
        'api/order-confirmation-api.spec.ts',
        'api/tenders-api.spec.ts',
        'api/gift-card-balance.spec.ts',
        'api/bad-input.spec.ts',
      ],
    },
    {
      name: 'edge-desktop',
      testMatch: [
        'e2e/journey.spec.ts',
        'e2e/checkout.spec.ts',
        'e2e/checkout-gift-cards.spec.ts',
        'e2e/express-paypal.spec.ts',
        'e2e/accounts.spec.ts',
        'e2e/header-navigation.spec.ts',
        'e2e/header-search.spec.ts',
      ],
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
  ],
  webServer: {
    command: 'node scripts/edge-e2e-server.ts',
    url: `http://127.0.0.1:${PORT}/api/checkout/shipping_methods`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { E2E_PORT: String(PORT), E2E_DATA_DIR: 'data/edge-e2e' },
  },
});
