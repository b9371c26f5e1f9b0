// npm test: type check, unit and engine tests (embedded SQLite; PostgreSQL too when DATABASE_URL is set),
// then the HTTP and browser suites against the production build.
import { spawnSync } from 'node:child_process';

const steps: [string, string[]][] = [
  ['astro check', ['node_modules/astro/bin/astro.mjs', 'check']],
  ['vitest', ['node_modules/vitest/vitest.mjs', 'run']],
  ['playwright', ['node_modules/@playwright/test/cli.js', 'test']],
];
for (const [name, args] of steps) {
  console.log(`\n▶ ${name}`);
  const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`✖ ${name} failed`);
    process.exit(r.status ?? 1);
  }
}
