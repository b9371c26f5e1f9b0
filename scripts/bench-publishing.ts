// Serving pages while an editor publishes every second, against serving them with no publishes (the aim: within
// 10 %): each publish bumps the content stamp, so every shared page is rendered again once after
// it. The same targets are measured quiet, then with a publisher at work, in the same run; the figures print as a
// ratio of the two. Part of `npm run bench`.
import autocannon from 'autocannon';
import { setEditorPassword, upsertEditor } from '../src/server/content/editor-accounts.ts';
import type { Db } from '../src/server/db/database.ts';

const EDITOR = { email: 'bench.publisher@example.com', password: 'bench1234' };

/** The reply's body, or a failure that stops the bench with what the store said. */
async function body<T>(reply: Promise<Response>, what: string): Promise<T> {
  const r = await reply;
  const json = (await r.json()) as { status: string; body?: T; message?: string };
  if (!r.ok || json.status !== 'success') throw new Error(`${what}: ${r.status} ${json.message ?? ''}`);
  return json.body as T;
}

/** A publisher signed in over HTTP, publishing a new version of the promo bar every second until stopped. */
async function publisher(base: string, db: Db): Promise<{ stop: () => Promise<number> }> {
  await setEditorPassword(db, (await upsertEditor(db, EDITOR.email, 'publisher')).id, EDITOR.password);
  const signIn = await fetch(`${base}/api/editor/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(EDITOR),
  });
  if (!signIn.ok) throw new Error(`editor sign-in: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { 'content-type': 'application/json', cookie };
  const doc = `${base}/api/editor/documents/promo-bar`;
  const original = (await body<{ content: unknown }>(fetch(doc, { headers }), 'read')).content;
  let published = 0;
  let running = true;
  const publishOnce = async () => {
    const latest = await body<{ version: number; content: { slides: { text: string }[] } }>(fetch(doc, { headers }), 'read');
    const content = structuredClone(latest.content);
    const first = content.slides[0];
    if (first) first.text = first.text.endsWith('.') ? first.text.slice(0, -1) : `${first.text}.`;
    const saved = await body<{ version: number }>(
      fetch(doc, { method: 'PUT', headers, body: JSON.stringify({ baseVersion: latest.version, content }) }),
      'save',
    );
    await body(fetch(`${doc}/publish`, { method: 'POST', headers, body: JSON.stringify({ version: saved.version }) }), 'publish');
    published++;
  };
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      await publishOnce();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - started))));
    }
  })();
  return {
    /** Stops publishing and publishes the promo bar as it was: a store given with --data-dir is left as found. */
    async stop() {
      running = false;
      await loop;
      const latest = await body<{ version: number }>(fetch(doc, { headers }), 'read');
      const saved = await body<{ version: number }>(
        fetch(doc, { method: 'PUT', headers, body: JSON.stringify({ baseVersion: latest.version, content: original }) }),
        'save',
      );
      await body(fetch(`${doc}/publish`, { method: 'POST', headers, body: JSON.stringify({ version: saved.version }) }), 'publish');
      return published;
    },
  };
}

export async function benchPublishing(
  base: string,
  db: Db,
  targets: { name: string; opts: autocannon.Options }[],
  connections: number,
  duration: number,
  acceptEncoding: Record<string, string>,
): Promise<void> {
  const measure = async () => {
    const rows: { name: string; rps: number; p99: number; errors: number }[] = [];
    for (const t of targets) {
      const opts = { ...t.opts, headers: { ...acceptEncoding, ...(t.opts.headers as Record<string, string> | undefined) }, connections };
      await autocannon({ ...opts, duration: 1 });
      const r = await autocannon({ ...opts, duration });
      rows.push({ name: t.name, rps: r.requests.average, p99: r.latency.p99, errors: r.non2xx + r.errors });
    }
    return rows;
  };
  console.log('\nPages while an editor publishes every second (the promo bar: every shared page is rendered again after each):');
  const quiet = await measure();
  const editor = await publisher(base, db);
  const busy = await measure();
  const published = await editor.stop();
  for (const [i, q] of quiet.entries()) {
    const b = busy[i];
    if (!b) continue;
    console.log(
      `  ${q.name.padEnd(45)} quiet ${q.rps.toFixed(0).padStart(6)} req/s p99 ${String(q.p99).padStart(4)} ms; publishing ` +
        `${b.rps.toFixed(0).padStart(6)} req/s p99 ${String(b.p99).padStart(4)} ms: ×${(b.rps / q.rps).toFixed(2)}` +
        `${q.errors + b.errors ? `  (${q.errors + b.errors} non-2xx/errors)` : ''}`,
    );
  }
  console.log(`  ${published} publishes while measured (one a second); the aim is ×0.90 or better.`);
}
