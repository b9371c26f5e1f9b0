import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/**
 * What the edge worker carries (dist-edge/server, built by the run's server: scripts/edge-e2e-server.ts): the web
 * layer and what it reaches, never the engine. The source maps name every module bundled.
 */
const SERVER = 'dist-edge/server';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

test('the worker bundles nothing of the engine, its database or a Node-only package', () => {
  const maps = files(SERVER).filter((f) => f.endsWith('.map'));
  expect(maps.length).toBeGreaterThan(0);
  const sources = maps.flatMap((f) => (JSON.parse(readFileSync(f, 'utf8')) as { sources: string[] }).sources);
  expect(sources.some((s) => s.includes('src/web/edge-platform.ts'))).toBe(true);
  const engine = sources.filter((s) => /src\/server\//.test(s) && !/src\/server\/config\.ts$/.test(s));
  expect(engine, 'engine modules in the worker').toEqual([]);
  const packages = sources.filter((s) => /node_modules\/(pg|pg-pool|pg-protocol|nodemailer|sharp|kysely|argon2|openid-client|compression)\//.test(s));
  expect(packages, 'Node-only packages in the worker').toEqual([]);
  const code = files(SERVER).filter((f) => /\.m?js$/.test(f));
  for (const f of code) expect(readFileSync(f, 'utf8'), f).not.toMatch(/["']node:(sqlite|zlib|worker_threads|child_process)["']/);
});

test('the worker is under the provider’s 3 MiB limit compressed', () => {
  const code = files(SERVER).filter((f) => /\.m?js$/.test(f));
  const gzipped = gzipSync(Buffer.concat(code.map((f) => readFileSync(f)))).length;
  expect(gzipped).toBeLessThan(3 * 1024 * 1024);
});
