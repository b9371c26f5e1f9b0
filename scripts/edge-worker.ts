// The edge worker in workerd, served straight from workerd's own socket (Miniflare), as the provider runs it: no
// development proxy in front (`wrangler dev` puts one there, about 3.7 ms a request on this machine). Reads the
// worker's built configuration (dist-edge/server/wrangler.json) the way wrangler does, so the compatibility date and
// flags and the static assets are the build's own; its modules are the build's files (the build is not bundled
// again: `no_bundle`).
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

export interface WorkerOptions {
  /** The built worker's configuration (dist-edge/server/wrangler.json). */
  config: string;
  port: number;
  /** The worker's variables: the engine's address, the commerce API's secret, the store's origin. */
  vars: Record<string, string>;
  /** Where the Cache API's entries are kept for this run. */
  persistTo: string;
}

function modulesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modulesOf(join(dir, e.name)) : /\.m?js$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

export async function startWorker({ config, port, vars, persistTo }: WorkerOptions): Promise<Miniflare> {
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(config);
  if (!main) throw new Error(`${config} names no main module: build the worker first (STORE_TARGET=edge astro build)`);
  // The build's module rules are the default ones (ES modules), which Miniflare 5 does not take as an option.
  const { modulesRules: _default, bindings, ...options } = workerOptions;
  const root = dirname(main);
  const worker = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port,
      cachePersist: join(persistTo, 'cache'),
      workers: [
        {
          ...options,
          name: 'store',
          modulesRoot: root,
          modules: [main, ...modulesOf(root).filter((f) => f !== main)].map((path) => ({ type: 'ESModule' as const, path })),
          bindings: { ...(bindings as Record<string, string> | undefined), ...vars },
        },
      ],
    }),
  );
  await worker.ready;
  return worker;
}

// Run by scripts/edge.ts as a process of its own: its options in EDGE_WORKER (JSON). It stops on SIGTERM or SIGINT,
// and when the process that started it goes away (its standard input closes), so no workerd outlives a test run.
if (import.meta.main) {
  const worker = await startWorker(JSON.parse(process.env['EDGE_WORKER'] ?? '') as WorkerOptions);
  const stop = () => {
    void worker.dispose().finally(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
}
