import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { json, jsonTextOf, sharedSuccess, success } from '#src/web/http/api.ts';
import { compressJsonReply } from '#src/server/http/compress.ts';

const big = { items: Array.from({ length: 60 }, (_, i) => ({ id: `line-${i}`, name: 'Everyday Crew Tee', price: 1999 })) };
const request = (acceptEncoding: string | null, method = 'GET') =>
  new Request('http://127.0.0.1/api/checkout/basket', { method, headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding } });

describe('JSON replies compressed in one call (src/middleware.ts)', () => {
  it('sends brotli when accepted, with its length, keeping status, headers and cookies', async () => {
    const reply = json(big, 201, { 'set-cookie': 'sid=abc; Path=/' });
    reply.headers.append('set-cookie', 'usid=def; Path=/');
    const out = compressJsonReply(request('gzip, br'), reply);
    expect(out.status).toBe(201);
    expect(out.headers.get('content-encoding')).toBe('br');
    const bytes = Buffer.from(await out.arrayBuffer());
    expect(Number(out.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(JSON.stringify(big).length / 3);
    expect(JSON.parse(brotliDecompressSync(bytes).toString())).toEqual(big);
    expect(out.headers.getSetCookie()).toEqual(['sid=abc; Path=/', 'usid=def; Path=/']);
    expect(out.headers.get('cache-control')).toBe('no-store');
  });

  it('says the reply varies by Accept-Encoding itself: `astro dev` has no stream compressor after it to say so', () => {
    const out = compressJsonReply(request('br'), json(big, 200, { vary: 'Origin' }));
    expect(out.headers.get('content-encoding')).toBe('br');
    expect(out.headers.get('vary')).toBe('Origin, Accept-Encoding');
  });

  it('sends gzip when only gzip is accepted, and follows q-values', async () => {
    const out = compressJsonReply(request('gzip'), success(big));
    expect(out.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await out.arrayBuffer())).toString()).body).toEqual(big);
    expect(compressJsonReply(request('br;q=0.1, gzip'), success(big)).headers.get('content-encoding')).toBe('gzip');
  });

  it("says every reply's length in bytes, so the stream compressor can skip one under 1 KiB", async () => {
    const reply = success({ name: 'Café – déjà vu' });
    const bytes = Buffer.from(await reply.clone().arrayBuffer());
    expect(Number(reply.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.length).toBeGreaterThan(JSON.stringify({ status: 'success', body: { name: 'Café – déjà vu' } }).length);
    expect(compressJsonReply(request('br'), reply)).toBe(reply);
  });

  it('leaves alone what it should not compress: no Accept-Encoding, identity only, HEAD, under 1 KiB, other replies', () => {
    for (const [req, reply] of [
      [request(null), success(big)],
      [request('identity'), success(big)],
      [request('br', 'HEAD'), success(big)],
      [request('br'), success({ small: true })],
      [request('br'), new Response(JSON.stringify(big), { headers: { 'content-type': 'application/json' } })],
    ] as const) {
      const out = compressJsonReply(req, reply);
      expect(out).toBe(reply);
      expect(out.headers.get('content-encoding')).toBeNull();
    }
  });

  it('makes the text and each compressed copy of a reply from a kept value once, and a new value gets its own', async () => {
    const kept = { ...big };
    const first = sharedSuccess('basket', kept);
    const firstOut = compressJsonReply(request('br'), first);
    const second = sharedSuccess('basket', kept);
    expect(jsonTextOf(second)).toBe(jsonTextOf(first));
    const brotli = jsonTextOf(first)!.encoded!.get('br');
    expect(brotli).toBeDefined();
    const secondOut = compressJsonReply(request('br'), second);
    expect(jsonTextOf(second)!.encoded!.get('br')).toBe(brotli);
    expect(Buffer.from(await secondOut.arrayBuffer())).toEqual(Buffer.from(await firstOut.arrayBuffer()));
    expect(JSON.parse(brotliDecompressSync(brotli!).toString())).toEqual({ status: 'success', body: { basket: kept } });
    // gzip for a client that takes only gzip, kept beside the brotli copy.
    const gzipOut = compressJsonReply(request('gzip'), sharedSuccess('basket', kept));
    expect(JSON.parse(gunzipSync(Buffer.from(await gzipOut.arrayBuffer())).toString()).body.basket).toEqual(kept);
    expect(jsonTextOf(first)!.encoded!.size).toBe(2);
    const changed = sharedSuccess('basket', { ...big, items: big.items.slice(1) });
    expect(jsonTextOf(changed)).not.toBe(jsonTextOf(first));
  });

  it('answers a kept value in its final encoding in one reply, with the headers the one-shot compressor gives', async () => {
    const kept = { ...big };
    const out = compressJsonReply(request('gzip, br'), sharedSuccess('basket', kept));
    expect(out.headers.get('content-encoding')).toBe('br');
    expect(out.headers.get('vary')).toBe('Accept-Encoding');
    expect(out.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await out.arrayBuffer());
    expect(Number(out.headers.get('content-length'))).toBe(bytes.length);
    expect(JSON.parse(brotliDecompressSync(bytes).toString())).toEqual({ status: 'success', body: { basket: kept } });
    // The middleware's compressor leaves it as it is.
    expect(compressJsonReply(request('br'), out)).toBe(out);
    // Without Accept-Encoding, or for HEAD, the plain text.
    for (const plain of [
      compressJsonReply(request(null), sharedSuccess('basket', kept)),
      compressJsonReply(request('br', 'HEAD'), sharedSuccess('basket', kept)),
    ]) {
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(JSON.parse(await plain.text()).body.basket).toEqual(kept);
    }
  });

  it("answers a bag change's success in its final encoding in one reply, the same as success() compressed by the middleware", async () => {
    const extra = { message: 'Added to bag' };
    const out = compressJsonReply(request('gzip, br'), success({ basket: big }, extra));
    const viaMiddleware = compressJsonReply(request('gzip, br'), success({ basket: big }, extra));
    expect(out.headers.get('content-encoding')).toBe('br');
    expect(out.headers.get('vary')).toBe('Accept-Encoding');
    expect(out.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await out.arrayBuffer());
    expect(Number(out.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes).toEqual(Buffer.from(await viaMiddleware.arrayBuffer()));
    expect(JSON.parse(brotliDecompressSync(bytes).toString())).toEqual({ status: 'success', message: 'Added to bag', body: { basket: big } });
    expect(compressJsonReply(request('br'), out)).toBe(out);
    // gzip when only gzip is taken; plain text without Accept-Encoding, for HEAD, or when small.
    const gzipped = compressJsonReply(request('gzip'), success({ basket: big }));
    expect(JSON.parse(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).body.basket).toEqual(big);
    for (const plain of [
      compressJsonReply(request(null), success({ basket: big })),
      compressJsonReply(request('br', 'HEAD'), success({ basket: big })),
      compressJsonReply(request('br'), success({ basket: { small: true } })),
    ]) {
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(JSON.parse(await plain.text()).status).toBe('success');
    }
  });

  it('negotiates each Accept-Encoding value on its own, however often each is seen', async () => {
    for (let round = 0; round < 2; round++) {
      for (const [accepted, expected] of [
        ['br;q=0, gzip', 'gzip'],
        ['br, gzip', 'br'],
        ['gzip;q=0.5, br;q=0.9', 'br'],
        ['identity', null],
        ['x'.repeat(300), null],
      ] as const) {
        expect(compressJsonReply(request(accepted), success({ basket: big })).headers.get('content-encoding')).toBe(expected);
      }
    }
  });

  it('makes brotli that decodes to the reply at every size it compresses in one call', async () => {
    for (const lines of [8, 60, 2000]) {
      const body = { items: big.items.concat(Array.from({ length: lines }, (_, i) => ({ id: `extra-${i}`, name: `Tee ${i}`, price: i }))) };
      const out = compressJsonReply(request('br'), success({ basket: body }));
      expect(out.headers.get('content-encoding')).toBe('br');
      expect(JSON.parse(brotliDecompressSync(Buffer.from(await out.arrayBuffer())).toString()).body.basket).toEqual(body);
    }
  });
});
