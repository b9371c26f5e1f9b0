import { spawn } from 'node:child_process';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { SECOND_INSTANCE_PORT } from '../../playwright.config.ts';
import { config } from '#src/server/config.ts';
import { SERVER_NODE_FLAGS } from '#src/server/node-flags.ts';
import { exportFeed } from '#src/server/catalog/catalog-export.ts';
import { importFeed } from '#src/server/catalog/catalog-import.ts';
import { e2eDb } from '../helpers/e2e-db.ts';

/**
 * Search follows the catalog without a restart: each app instance reads the catalog's version every
 * few seconds and indexes the catalog again when an import raised it, so both instances of scripts/e2e-server.ts
 * (one database) find a renamed product in suggestions, results and typeahead. Waits are polls for the change,
 * never fixed sleeps. The index is built before an instance listens, so its first query finds it ready.
 */
const CHANGE_TIMEOUT = 20_000;
const NEW_WORD = 'zephyrine';

const suggest = async (instance: APIRequestContext, query: string) => {
  const r = await instance.post('/api/global/auto_suggest', { data: { query, fullPayload: true } });
  expect(r.status()).toBe(200);
  return (await r.json()).body.suggestions as { typeahead: { name: string }[]; products: { id: string; display_name: string }[] };
};

test('a product renamed by an import is found by suggestions and results on both instances, without a restart', async ({
  request,
  playwright,
  baseURL,
}) => {
  const other = await playwright.request.newContext({ baseURL: baseURL!.replace(/:\d+$/, `:${SECOND_INSTANCE_PORT}`) });
  const instances = [request, other];
  const db = e2eDb();
  let original: string | undefined;
  for await (const line of exportFeed(db)) if (JSON.parse(line).id === 'ks-6003') original = line;
  try {
    const renamed = { ...JSON.parse(original!), name: `Zephyrine ${JSON.parse(original!).name}` };
    for (const instance of instances) expect((await suggest(instance, NEW_WORD)).products).toEqual([]);

    const report = await importFeed(db, [JSON.stringify(renamed)]);
    expect(report.imported, JSON.stringify(report.issues)).toBe(true);

    for (const instance of instances) {
      await expect
        .poll(async () => (await suggest(instance, NEW_WORD)).products.map((p) => [p.id, p.display_name]), { timeout: CHANGE_TIMEOUT })
        .toEqual([['ks-6003', renamed.name]]);
      // Typo-tolerant and by prefix, as before the change; the typeahead offers the new word.
      expect((await suggest(instance, 'zephyrin')).typeahead.map((t) => t.name)).toContain(NEW_WORD);
      expect((await suggest(instance, 'zephirine')).products.map((p) => p.id)).toEqual(['ks-6003']);
      const page = await (await instance.get(`/search?q=${NEW_WORD}`)).text();
      expect(page).toContain(renamed.name);
    }
  } finally {
    if (original) await importFeed(db, [original]);
    await db.kysely.destroy();
    await other.dispose();
  }
});

test('a new instance has its search index before it takes traffic', async () => {
  test.setTimeout(60_000);
  const { E2E_PORT, E2E_DATA_DIR, E2E_DATABASE_URL } = config();
  const port = E2E_PORT + 2;
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: E2E_DATABASE_URL ?? '',
      STORE_DIST: `dist-e2e-${E2E_PORT}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    // What the instance says, in order, until it listens.
    const said = await new Promise<string[]>((resolve, reject) => {
      const lines: string[] = [];
      const read = (chunk: Buffer) => {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        if (lines.some((l) => l.startsWith('Store listening'))) resolve(lines);
      };
      server.stdout.on('data', read);
      server.stderr.on('data', read);
      server.on('exit', (code) => reject(new Error(`the instance stopped (${code}): ${lines.join('\n')}`)));
    });
    const indexed = said.findIndex((l) => /^\[search\] indexed \d+ products/.test(l));
    expect(indexed, said.join('\n')).toBeGreaterThanOrEqual(0);
    expect(indexed).toBeLessThan(said.findIndex((l) => l.startsWith('Store listening')));

    const first = await fetch(`http://127.0.0.1:${port}/api/global/auto_suggest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'cardigen', fullPayload: true }),
    });
    expect((await first.json()).body.suggestions.products.map((p: { id: string }) => p.id)).toContain('fb-1003');
  } finally {
    server.kill('SIGTERM');
  }
});
