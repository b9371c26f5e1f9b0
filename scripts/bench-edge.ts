// npm run bench -- --edge: the same store answered by the edge worker in workerd and by the Node server, in one run:
// a cached product page and search suggestions (rate and p99, as ratios to the Node server's static page of the
// run), a basket read one request at a time (p95: what the edge adds to an endpoint on loopback), the worker's bundle
// (gzip) and its cold start (from starting workerd to its first answer through to the engine).
import { readdirSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { sequentialP95 } from './bench-binding.ts';
import { buildEdge, startEdge } from './edge.ts';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

export async function benchEdge(options: {
  direct: string;
  env: NodeJS.ProcessEnv;
  edgePort: number;
  enginePort: number;
  baseline: { rps: number; p99: number };
  connections: number;
  duration: number;
  headers: Record<string, string>;
  product: string;
}) {
  const { direct, env, edgePort, enginePort, baseline, connections, duration, headers, product } = options;
  buildEdge(env);
  const started = performance.now();
  const edge = await startEdge({ edgePort, enginePort, env, build: false, persistTo: mkdtempSync(join(tmpdir(), 'store-bench-edge-')) });
  const coldStart = performance.now() - started;
  const code = files('dist-edge/server').filter((f) => /\.m?js$/.test(f));
  const gzipped = gzipSync(Buffer.concat(code.map((f) => readFileSync(f)))).length;
  console.log(
    `\nThe edge worker (workerd) in front of the engine's server: ${(gzipped / 1024).toFixed(0)} KiB gzip, first answer ${(coldStart / 1000).toFixed(1)} s after start`,
  );
  const suggest = {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'dres', brandContextId: 'fb', fullPayload: false }),
  };
  const targets = [
    { name: `product page (cached): GET ${product}`, path: product, opts: {} },
    { name: 'search suggestions: POST auto_suggest', path: '/api/global/auto_suggest', opts: suggest },
  ];
  for (const t of targets) {
    for (const [where, base] of [
      ['Node server', direct],
      ['edge', edge.origin],
    ] as const) {
      const opts = {
        url: `${base}${t.path}`,
        ...t.opts,
        headers: { ...headers, ...(t.opts as { headers?: Record<string, string> }).headers },
        connections,
      };
      await autocannon({ ...opts, duration: 1 });
      const r = await autocannon({ ...opts, duration });
      console.log(
        `${`${t.name}, ${where}`.padEnd(60)} ${r.requests.average.toFixed(0).padStart(7)} req/s  p99 ${String(r.latency.p99).padStart(4)} ms  ` +
          `×${(r.requests.average / baseline.rps).toFixed(2)} of baseline req/s${r.non2xx + r.errors ? `  (${r.non2xx + r.errors} non-2xx/errors)` : ''}`,
      );
    }
  }
  const first = await fetch(`${edge.origin}/api/checkout/product/add_to_cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId: 'fb-1001-blk-M', quantity: 1 }),
  });
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const read = (base: string) => sequentialP95(`${base}/api/checkout/basket`, { ...headers, cookie });
  await read(edge.origin);
  await read(direct);
  const [viaEdge, direct95] = [await read(edge.origin), await read(direct)];
  console.log(
    `Basket read one at a time (p95): ${direct95.toFixed(2)} ms from the Node server, ${viaEdge.toFixed(2)} ms through the edge: the edge adds ${(viaEdge - direct95).toFixed(2)} ms`,
  );
  edge.stop();
}
