// npm run bench, the commerce API's HTTP binding: the same API targets and checkout through a second store whose
// endpoints reach the engine over HTTP (COMMERCE_API_URL: the first store, which answers the commerce API with the
// shared secret), and the time one call of the binding adds, measured on loopback.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../src/server/node-flags.ts';

/** Waits up to a minute for a store to answer: on a busy machine a server's start takes more than a few seconds. */
export async function storeAnswers(base: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/api/checkout/shipping_methods`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A second store on `port` in front of the engine at `engine`, as a deployment with the engine apart runs it. */
export async function startHttpBindingStore(env: NodeJS.ProcessEnv, port: number, engine: string, secret: string) {
  const store = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'src/server/main.ts'], {
    env: {
      ...SERVER_ENV,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      TRUST_PROXY: '1',
      COMMERCE_API_URL: engine,
      COMMERCE_API_SECRET: secret,
    },
    stdio: 'ignore',
  });
  process.on('exit', () => store.kill());
  const base = `http://127.0.0.1:${port}`;
  await storeAnswers(base);
  return { base, store };
}

/** The p95 of `n` requests made one after another (no queueing: the time of the request itself). */
export async function sequentialP95(url: string, headers: Record<string, string>, n = 500): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fetch(url, { headers }).then((r) => r.arrayBuffer());
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(n * 0.95)]!;
}

/**
 * The same targets through the HTTP binding's store, each as a ratio to the baseline of the main run; then the time
 * the binding adds to one call: the basket read (one commerce API call) one request at a time on each store, p95.
 */
export async function benchHttpBinding(
  targets: { name: string; opts: autocannon.Options }[],
  direct: string,
  viaHttp: string,
  baseline: { rps: number; p99: number },
  connections: number,
  duration: number,
  headers: Record<string, string>,
  cookie: string,
) {
  console.log(`\nThrough the commerce API's HTTP binding (a second store, its engine the first over loopback):`);
  for (const t of targets) {
    const opts = { ...t.opts, url: String(t.opts.url).replace(direct, viaHttp), headers: { ...headers, ...t.opts.headers } };
    await autocannon({ ...opts, connections, duration: 1 });
    const r = await autocannon({ ...opts, connections, duration });
    const errors = r.non2xx + r.errors;
    console.log(
      `${t.name.padEnd(55)} ${r.requests.average.toFixed(0).padStart(7)} req/s  p99 ${String(r.latency.p99).padStart(4)} ms  ` +
        `×${(r.requests.average / baseline.rps).toFixed(2)} of baseline req/s${errors ? `  (${errors} non-2xx/errors)` : ''}`,
    );
  }
  const read = (base: string) => sequentialP95(`${base}/api/checkout/basket`, { ...headers, cookie });
  await read(direct);
  await read(viaHttp);
  const [inProcess, overHttp] = [await read(direct), await read(viaHttp)];
  console.log(
    `Per call, one at a time (basket read, p95): ${inProcess.toFixed(2)} ms in process, ${overHttp.toFixed(2)} ms over HTTP: ` +
      `the binding adds ${(overHttp - inProcess).toFixed(2)} ms`,
  );
}
