import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '#src/integrations/precompress.ts';
import { storeFront } from '#src/server/front.ts';
import { rawGet } from '../helpers/page-weight.ts';

const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
const script = `export const words = [${Array.from({ length: 400 }, (_, i) => `"word${i % 40}"`).join(',')}];\n`;
const page = `<!doctype html><html><body>${'<p>Everyday Crew Tee</p>'.repeat(200)}</body></html>`;
let base = '';
let server: ReturnType<typeof createServer>;

/** What Astro would answer for what is not a built file. */
function astro(req: IncomingMessage, res: ServerResponse) {
  if (req.url === '/events') {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`data: ${'x'.repeat(2000)}\n\n`);
    return; // left open, as a live stream is
  }
  if (req.url === '/api/list') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    return res.end(JSON.stringify({ status: 'success', body: Array.from({ length: 200 }, (_, i) => ({ id: i, name: 'Everyday Crew Tee' })) }));
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
}

beforeAll(async () => {
  mkdirSync(join(dir, '_astro'));
  mkdirSync(join(dir, 'brand'));
  writeFileSync(join(dir, '_astro', 'app.abc123.js'), script);
  writeFileSync(join(dir, '_astro', 'tiny.abc123.js'), 'export {};\n');
  writeFileSync(join(dir, '_astro', 'noise.abc123.js'), randomBytes(4096));
  writeFileSync(join(dir, 'brand', 'index.html'), page);
  writeFileSync(join(dir, 'photo.png'), Buffer.alloc(4096, 1));
  writeFileSync(join(dir, '.env'), 'SECRET=1');
  await precompressDirectory(dir);
  server = createServer(storeFront(dir, astro)).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('precompressing the build', () => {
  it('writes brotli and gzip copies beside a compressible file, each decoding to it', () => {
    const file = join(dir, '_astro', 'app.abc123.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
  });

  it('leaves out files under 1 KiB, files compression does not shrink, and formats that are compressed already', () => {
    for (const name of ['_astro/tiny.abc123.js', '_astro/noise.abc123.js', 'photo.png']) {
      expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
      expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
    }
  });
});

describe('serving in front of Astro', () => {
  it('sends the copy Accept-Encoding asks for, with Vary, a charset and a year of caching for hashed files', async () => {
    // Chrome names gzip first; equal q-values leave the choice to us, and brotli is smaller.
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip', 'gzip'],
      ['', undefined],
      ['identity', undefined],
    ] as const) {
      const r = await rawGet(base, '/_astro/app.abc123.js', accept ? { 'accept-encoding': accept } : {});
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding'], accept).toBe(encoding);
      expect(r.headers.vary).toBe('Accept-Encoding');
      expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(r.text).toBe(script);
    }
  });

  it('sends a prerendered page precompressed, revalidated on each use', async () => {
    const r = await rawGet(base, '/brand/', { 'accept-encoding': 'br' });
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('public, max-age=0');
    expect(r.text).toBe(page);
  });

  it('answers for a folder with or without its slash, and never sends a dotfile', async () => {
    expect((await rawGet(base, '/brand')).text).toBe(page);
    expect((await rawGet(base, '/brand/?sort=name')).text).toBe(page);
    expect((await rawGet(base, '/.env')).status).toBe(404);
  });

  it('answers a Range, a suffix Range included, from the file as it would be sent', async () => {
    const head = await rawGet(base, '/_astro/app.abc123.js', { range: 'bytes=0-9' });
    expect(head.status).toBe(206);
    expect(head.text).toBe(script.slice(0, 10));
    const tail = await rawGet(base, '/_astro/app.abc123.js', { range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${script.length - 10}-${script.length - 1}/${script.length}`);
    expect(tail.text).toBe(script.slice(-10));
    expect((await rawGet(base, '/_astro/app.abc123.js', { range: `bytes=${script.length + 5}-` })).status).toBe(416);
  });

  it('answers If-None-Match with a 304 that keeps Cache-Control and Vary', async () => {
    const first = await rawGet(base, '/_astro/app.abc123.js', { 'accept-encoding': 'br' });
    const again = await rawGet(base, '/_astro/app.abc123.js', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(again.headers.vary).toBe('Accept-Encoding');
  });

  it('hands what is not a built file to Astro without the static caching headers, and compresses its JSON', async () => {
    const missing = await rawGet(base, '/_astro/gone.js', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
    const json = await rawGet(base, '/api/list', { 'accept-encoding': 'br, gzip' });
    expect(json.headers['content-encoding']).toBe('br');
    expect(json.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(json.text).status).toBe('success');
    expect((await rawGet(base, '/api/list', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await rawGet(base, '/api/list')).headers['content-encoding']).toBeUndefined();
  });

  it('refuses a path that cannot be decoded with a 400, before any file lookup or Astro', async () => {
    const bad = await rawGet(base, '/brand/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(bad.text).toBe('Bad request.');
  });

  it('does not hold back an event stream to compress it: the first event arrives while the stream is open', async () => {
    const first = await new Promise<{ encoding: string | undefined; chunk: string }>((resolve, reject) => {
      const req = request(`${base}/events`, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        res.once('data', (c: Buffer) => {
          resolve({ encoding: res.headers['content-encoding'], chunk: c.toString() });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(first.encoding).toBeUndefined();
    expect(first.chunk.startsWith('data: x')).toBe(true);
  });
});
