import { defineConfig, devices } from '@playwright/test';
import { config } from './src/server/config.ts';

const { E2E_PORT: PORT, CHROMIUM_PATH } = config();
export const SECOND_INSTANCE_PORT = PORT + 1;

// Debian's Chromium, never a downloaded browser. The flags keep it off the network this machine does not have.
const chromium = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests',
  testMatch: ['api/**/*.spec.ts', 'e2e/**/*.spec.ts'],
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
