import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_NODE_FLAGS } from '#src/server/node-flags.ts';

/**
 * Every way of starting the production server runs it with the same Node options and malloc's arena limit
 * (src/server/node-flags.ts). Each way is started for real, in a folder of its own, with a module loaded into every
 * Node process it starts (NODE_OPTIONS=--import): in the server's process that module writes down the options Node
 * was started with and the arena limit it was given, and ends it before it serves; the build (`astro build`) it ends
 * at once, as if done, so no way waits for a build.
 */
const REPO = resolve('.');
const PRELOAD = `
const main = process.argv[1] ?? '';
const { appendFileSync, mkdirSync } = process.getBuiltinModule('node:fs');
if (main.endsWith('astro/bin/astro.mjs')) {
  mkdirSync(process.env.STORE_DIST ?? 'dist', { recursive: true });
  process.exit(0);
}
if (main.endsWith('src/server/main.ts')) {
  appendFileSync(process.env.SERVER_FLAGS_REPORT, JSON.stringify({ options: process.execArgv, arenas: process.env.MALLOC_ARENA_MAX ?? null }) + '\\n');
  process.exit(0);
}
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'server-flags-'));
  // What the scripts name relative to the folder they run in: the server, the seed script, the build tool.
  for (const name of ['src', 'scripts', 'node_modules', 'package.json']) symlinkSync(join(REPO, name), join(dir, name));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let runs = 0;
/** Starts `command` in the folder and answers the options of each server it started, once `servers` have started. */
async function serverOptions(command: string[], servers: number): Promise<{ options: string[]; arenas: string | null }[]> {
  const report = join(dir, `flags-${runs++}.jsonl`);
  const {
    DATABASE_URL: _db,
    E2E_DATABASE_URL: _e2e,
    BENCH_DATABASE_URL: _bench,
    NODE_ENV: _mode,
    VITEST: _v,
    MALLOC_ARENA_MAX: _a,
    ...env
  } = process.env;
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    cwd: dir,
    env: {
      ...env,
      NODE_OPTIONS: `--import=data:text/javascript;base64,${Buffer.from(PRELOAD).toString('base64')}`,
      SERVER_FLAGS_REPORT: report,
      DATA_DIR: join(dir, `data-${runs}`),
      E2E_DATA_DIR: join(dir, `e2e-${runs}`),
      // Temporary folders the scripts make go in here too.
      TMPDIR: dir,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (d) => (errors += d));
  const exited = new Promise((r) => child.once('exit', r));
  const lines = () => (existsSync(report) ? readFileSync(report, 'utf8').trim().split('\n') : []);
  try {
    await vi.waitFor(
      () => {
        if (child.exitCode !== null && lines().length < servers) throw new Error(`${command.join(' ')} ended (${child.exitCode}):\n${errors}`);
        expect(lines()).toHaveLength(servers);
      },
      { timeout: 60_000, interval: 100 },
    );
  } finally {
    // A bench goes on to measure a server that is not there: it is stopped once its server has started.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  }
  return lines().map((line) => JSON.parse(line) as { options: string[]; arenas: string | null });
}

describe('the server is started with its Node options and two malloc arenas', () => {
  const node = process.execPath;
  it.each([
    ['npm run serve', ['npm', 'run', 'serve'], 1],
    ['npm start (scripts/start.ts)', [node, join(REPO, 'scripts/start.ts')], 1],
    ['the test servers (scripts/e2e-server.ts): the engine and both instances', [node, join(REPO, 'scripts/e2e-server.ts')], 3],
    ['npm run bench (scripts/bench.ts)', [node, join(REPO, 'scripts/bench.ts'), '--data-dir', 'bench-data', '--port', '4409'], 1],
    ['npm run bench:scale (scripts/bench-scale.ts)', [node, join(REPO, 'scripts/bench-scale.ts'), '--products', '0'], 1],
    ['the crash recovery measure (scripts/crash-recovery.ts)', [node, join(REPO, 'scripts/crash-recovery.ts')], 1],
  ] as const)(
    'by %s',
    async (_, command, servers) => {
      const options = await serverOptions([...command], servers);
      expect(options).toEqual(Array.from({ length: servers }, () => ({ options: [...SERVER_NODE_FLAGS], arenas: '2' })));
    },
    90_000,
  );

  it('caps the young generation, which V8 otherwise lets grow to 64 MB per semi-space on a large machine', () => {
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=16');
  });

  it('collects the old generation once it has doubled, not grown to four times what survived', () => {
    expect(SERVER_NODE_FLAGS).toContain('--heap-growing-percent=100');
  });

  it('are options this Node accepts without a word (a V8 flag a new Node dropped would stop the server)', () => {
    const run = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', ''], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });
});
