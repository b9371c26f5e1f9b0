// Search at catalog scale: suggestions, /search and /quick-order against a production server that
// is already running, 10 connections, each target warmed up for a second first. Prints req/s, p50, p97.5 (autocannon
// has no p95; p97.5 is above it) and p99 latency, and the server's CPU time per request and memory (RSS) from /proc,
// steadier than latency on a machine other work shares. Usage, with a catalog seeded by
// `DATA_DIR=/tmp/s100k npm run seed -- --products 100000` and a build from `npm run build`:
//   DATA_DIR=/tmp/s100k PORT=4833 node src/server/main.ts &
//   node scripts/bench-search.ts http://127.0.0.1:4833 <server pid> <label>      (BENCH_SECONDS=5 by default)
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [base, pid, label = ''] = process.argv.slice(2);
if (!base || !pid) {
  console.error('usage: node scripts/bench-search.ts <base url> <server pid> [label]');
  process.exit(2);
}
const stat = (name: string) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0);
const rss = () => Math.round(stat('VmRSS') / 1024);
/** The server's user + system CPU time in ms (/proc/<pid>/stat fields 14 and 15, in clock ticks of 10 ms). */
const cpuMs = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const headers = { 'accept-encoding': 'br, gzip' };
const suggest = (body: object): autocannon.Options => ({
  url: `${base}/api/global/auto_suggest`,
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const get = (path: string): autocannon.Options => ({ url: `${base}${path}`, headers });
const targets: [string, autocannon.Options][] = [
  ["suggestions 'dres', fast", suggest({ query: 'dres', brandContextId: 'fb', fullPayload: false })],
  ["suggestions 'dres', full", suggest({ query: 'dres', brandContextId: 'fb', fullPayload: true })],
  ["suggestions 'blue sh', full", suggest({ query: 'blue sh', fullPayload: true })],
  ["suggestions 'cardigen', full", suggest({ query: 'cardigen', fullPayload: true })],
  ['/search?q=dress', get('/search?q=dress')],
  ['/search?cgid=tops&sort=name', get('/search?cgid=tops&sort=name')],
  ['/quick-order?q=1001', get('/quick-order?q=1001')],
  ['/quick-order?q=fb-1001', get('/quick-order?q=fb-1001')],
];
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
for (const [, o] of targets) await autocannon({ ...o, connections: 10, duration: 1 });
console.log(`${label}  rss after warm-up ${rss()} MB  load ${load()}  (${execSync('nproc').toString().trim()} cores)`);
for (const [name, o] of targets) {
  const cpu0 = cpuMs();
  const r = await autocannon({ ...o, connections: 10, duration: seconds });
  const cpu = (cpuMs() - cpu0) / Math.max(1, r.requests.total);
  const p97 = (r.latency as { p97_5?: number }).p97_5;
  const errors = r.non2xx + r.errors;
  console.log(
    `${label.padEnd(14)} ${name.padEnd(30)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)}  ` +
      `p97.5 ${String(p97).padStart(4)}  p99 ${String(r.latency.p99).padStart(4)} ms  cpu ${cpu.toFixed(2)} ms/req  load ${load()}${errors ? `  ERRORS ${errors}` : ''}`,
  );
}
console.log(`${label}  rss after ${rss()} MB  load ${load()}`);
