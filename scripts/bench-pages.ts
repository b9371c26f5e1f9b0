// The first render of product pages (scripts/bench.ts): product pages are rendered on demand and then kept in the
// page cache (src/server/http/page-cache.ts), so a page's first request pays for reading the product, rendering and
// compressing it twice, and every later one for none of it. This asks for pages nobody asked for yet, one at a time
// (one connection: the time is the server's, not a queue's), spread over the whole catalog, then for each again.
import { existsSync, readFileSync } from 'node:fs';
import type { Db } from '../src/server/db/database.ts';

export const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function timeGet(url: string, headers: Record<string, string>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const r = await fetch(url, { headers });
  await r.arrayBuffer();
  return { ms: performance.now() - started, status: r.status };
}

/** `count` product slugs spread evenly over the catalog in id order, leaving out the ones already asked for. */
export async function spreadSlugs(db: Db, count: number, skip: Set<string>): Promise<string[]> {
  const total = Number(
    (
      await db.kysely
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const step = Math.max(1, Math.floor(total / count));
  const slugs: string[] = [];
  for (let offset = 0; offset < total && slugs.length < count; offset += step) {
    const row = await db.kysely.selectFrom('products').select('slug').orderBy('id').limit(1).offset(offset).executeTakeFirst();
    if (row && !skip.has(`/p/${row.slug}/`)) slugs.push(row.slug);
  }
  return slugs;
}

/**
 * CPU time the server process has used, in ms (Linux /proc; utime + stime in clock ticks of 10 ms): steadier than
 * wall time on a machine whose other work takes the cores.
 */
function cpuMs(pid: number | undefined): number | undefined {
  if (!pid || !existsSync(`/proc/${pid}/stat`)) return undefined;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function benchFirstRenders(
  base: string,
  db: Db,
  count: number,
  skip: Set<string>,
  headers: Record<string, string>,
  serverPid?: number,
): Promise<void> {
  const slugs = await spreadSlugs(db, count, skip);
  const first: number[] = [];
  const cached: number[] = [];
  let failed = 0;
  const cpu = [cpuMs(serverPid)];
  for (const slug of slugs) {
    const r = await timeGet(`${base}/p/${slug}/`, headers);
    if (r.status !== 200) failed++;
    first.push(r.ms);
  }
  cpu.push(cpuMs(serverPid));
  for (const slug of slugs) cached.push((await timeGet(`${base}/p/${slug}/`, headers)).ms);
  cpu.push(cpuMs(serverPid));
  const line = (name: string, times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    const f = (ms: number) => `${ms.toFixed(1).padStart(6)} ms`;
    console.log(`  ${name.padEnd(24)} median ${f(quantile(sorted, 0.5))}  p95 ${f(quantile(sorted, 0.95))}  max ${f(sorted.at(-1) ?? 0)}`);
  };
  console.log(`\nProduct pages asked for one at a time, ${slugs.length} across the catalog (time to the last byte):`);
  line('first request (render)', first);
  line('second request (cached)', cached);
  const [before, rendered, served] = cpu;
  if (before !== undefined && rendered !== undefined && served !== undefined) {
    const per = (ms: number) => `${(ms / slugs.length).toFixed(1)} ms`;
    console.log(`  server CPU per page: ${per(rendered - before)} for a first request, ${per(served - rendered)} for a cached one`);
  }
  if (failed) console.log(`  (${failed} were not 200)`);
}
