// npm test: type check, unit and engine tests (embedded SQLite; PostgreSQL too when DATABASE_URL is set),
// then the HTTP and browser suites against the production build.
import { spawnSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { launchOptions, resolveTestBrowser } from './chromium.ts';

// The browser suites drive the machine's Chromium or the one the @sparticuz/chromium dev dependency ships, and never
// download one. Found (the first time, unpacked) and started once before the other steps, so a machine where it
// cannot run stops now with one message rather than with every browser test failing on its own.
try {
  const browser = await resolveTestBrowser();
  await (await chromium.launch(launchOptions(browser))).close();
  console.log(`Browser tests use ${browser.description}`);
} catch (error) {
  console.error(
    `✖ No Chromium to run the browser tests with: ${error instanceof Error ? error.message : String(error)}\n` +
      '  Install one (Debian/Ubuntu: sudo apt-get install chromium), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}

// The static gates come first: they take seconds and say exactly what is wrong.
// Each step is one or more node commands, run in order; the first to fail stops the run.
const steps: [string, ...string[][]][] = [
  ['biome lint', ['node_modules/@biomejs/biome/bin/biome', 'lint', '--error-on-warnings', '.']],
  ['biome format (check)', ['node_modules/@biomejs/biome/bin/biome', 'format', '.']],
  ['knip (dead code)', ['node_modules/knip/bin/knip.js']],
  [
    'layers (dependency-cruiser: layer rules and file cycles; folder cycles)',
    ['node_modules/dependency-cruiser/bin/dependency-cruiser.mjs', 'src', '--config', '.dependency-cruiser.cjs'],
    ['node_modules/dependency-cruiser/bin/dependency-cruiser.mjs', 'src', '--config', '.dependency-cruiser.web.cjs'],
    ['scripts/folder-cycles.ts'],
  ],
  ['astro check', ['node_modules/astro/bin/astro.mjs', 'check']],
  ['vitest', ['node_modules/vitest/vitest.mjs', 'run']],
  ['astro dev server', ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.dev.config.ts']],
  // The performance check (npm run test:perf) measures timings that a busy machine cannot hold: it runs on its own.
  ['playwright', ['node_modules/@playwright/test/cli.js', 'test', '--project=api', '--project=desktop', '--project=mobile']],
];
for (const [name, ...commands] of steps) {
  console.log(`\n▶ ${name}`);
  for (const args of commands) {
    const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
    if (r.status !== 0) {
      console.error(`✖ ${name} failed`);
      process.exit(r.status ?? 1);
    }
  }
}
