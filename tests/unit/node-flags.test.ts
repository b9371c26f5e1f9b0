import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '#src/server/node-flags.ts';

/** Every way of starting the production server runs it with the same Node options (src/server/node-flags.ts). */
describe('the server is started with its Node options', () => {
  it('by npm run serve, and by every script that starts it', () => {
    const serve = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.serve;
    expect(serve).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} src/server/main.ts`);
    for (const script of ['scripts/start.ts', 'scripts/e2e-server.ts', 'scripts/bench.ts', 'scripts/bench-scale.ts']) {
      const text = readFileSync(script, 'utf8');
      const starts = text.match(/spawn\(process\.execPath, \[[^\]]*'src\/server\/main\.ts'\]/g) ?? [];
      expect(starts.length, script).toBeGreaterThan(0);
      for (const start of starts) expect(start, script).toContain('...SERVER_NODE_FLAGS');
    }
  });

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
