// npm test: type check, unit and engine tests (embedded SQLite; PostgreSQL too when DATABASE_URL is set),
// then the HTTP and browser suites against the production build.
import { accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { config } from '../src/server/config.ts';

// The browser suites drive the machine's Chromium and never download one: without it, stop now with one message
// rather than after the other steps, with every browser test failing on its own.
const chromium = config().CHROMIUM_PATH;
try {
  accessSync(chromium, constants.X_OK);
} catch {
  console.error(
    `✖ Chromium was not found at ${chromium}.\n` +
      '  Install it (Debian/Ubuntu: sudo apt-get install chromium), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
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
    ['scripts/folder-cycles.ts'],
  ],
  ['astro check', ['node_modules/astro/bin/astro.mjs', 'check']],
  ['vitest', ['node_modules/vitest/vitest.mjs', 'run']],
  ['astro dev server', ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.dev.config.ts']],
  ['playwright', ['node_modules/@playwright/test/cli.js', 'test']],
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
