import { defineConfig, devices } from '@playwright/test';
import { launchOptions, resolveTestBrowser } from './scripts/chromium.ts';
import { config } from './src/server/config.ts';

const { E2E_PORT: PORT } = config();
export const SECOND_INSTANCE_PORT = PORT + 1;

// A Chromium already on the machine or the one an npm package ships (scripts/chromium.ts), never a download.
const chromium = launchOptions(await resolveTestBrowser());

export default defineConfig({
  testDir: 'tests',
  testMatch: ['api/**/*.spec.ts', 'e2e/**/*.spec.ts', 'perf/**/*.spec.ts'],
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 30_000,
  // One output folder per server port, so suites run side by side do not clean each other's results.
  outputDir: `test-results/${PORT}`,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'api', testMatch: 'api/**/*.spec.ts' },
    { name: 'desktop', testMatch: 'e2e/**/*.spec.ts', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    { name: 'mobile', testMatch: 'e2e/**/*.spec.ts', use: { ...devices['Pixel 7'], launchOptions: chromium } },
    // `npm run test:perf`: one page at a time, so no measurement shares the CPU with another (tests/perf/budgets.ts).
    { name: 'perf', testMatch: 'perf/**/*.spec.ts', fullyParallel: false, use: { ...devices['Pixel 7'], launchOptions: chromium } },
  ],
  // The production build, served as `npm start` serves it, on a fresh data directory (or the DATABASE_URL
  // database, reset), plus a second app instance on the next port sharing the same data.
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `http://127.0.0.1:${PORT}/api/checkout/shipping_methods`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});
