import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));

/**
 * Every setting is read through config() (src/server/config.ts), where each is typed, checked at start-up and
 * documented. The production server's entry sets NODE_ENV's default before the settings are first read.
 */
it('no module but src/server/config.ts reads process.env', () => {
  const readers = files(SRC)
    .filter((f) => /\.(ts|tsx|astro|mjs)$/.test(f) && /process\.env/.test(readFileSync(f, 'utf8')))
    .map((f) => relative(SRC, f));
  expect(readers).toEqual(['server/config.ts', 'server/main.ts']);
  const main = readFileSync(join(SRC, 'server/main.ts'), 'utf8');
  expect(main.match(/process\.env.*/g)).toEqual(["process.env.NODE_ENV) process.env.NODE_ENV = 'production';"]);
});
