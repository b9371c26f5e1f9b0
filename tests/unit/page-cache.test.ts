import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache, compressPage, pageBytes, pageReply, sharedPages, type CachedPage } from '#src/server/http/page-cache.ts';
import { stampReader } from '#src/lib/stamp-reader.ts';
import { sharedPageKey, sharedReplyKey } from '#src/web/http/shared-page-key.ts';

/** The page cache (src/server/http/page-cache.ts): its bounds, its stamps, and the replies it makes. */
const page = (stamp: string, html = `<html>${stamp}</html>`) => compressPage(html, 'text/html', stamp);
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Request(`http://store${path}`, { method, headers: { 'accept-encoding': 'br, gzip', ...headers } });

describe('the page cache', () => {
  it('keeps at most maxEntries pages, dropping the least recently used first', () => {
    const cache = new PageCache({ maxEntries: 2, maxBytes: 1e9 });
    cache.set('/a', page('1'));
    cache.set('/b', page('1'));
    expect(cache.get('/a', '1')).toBeDefined(); // /a is now the most recently used
    cache.set('/c', page('1'));
    expect(cache.size).toBe(2);
    expect(cache.get('/b', '1')).toBeUndefined();
    expect(cache.get('/a', '1')).toBeDefined();
    expect(cache.get('/c', '1')).toBeDefined();
  });

  it('keeps at most maxBytes, counting both copies of every page, and refuses a page larger than all of it', () => {
    const one = page('1', 'x'.repeat(5000));
    const size = pageBytes('/a', one);
    const cache = new PageCache({ maxEntries: 100, maxBytes: size * 2 + 10 });
    for (const key of ['/a', '/b', '/c', '/d']) cache.set(key, page('1', 'x'.repeat(5000)));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(cache.limits.maxBytes);
    expect(cache.get('/d', '1')).toBeDefined();
    const tiny = new PageCache({ maxEntries: 100, maxBytes: size - 1 });
    tiny.set('/a', one);
    expect([tiny.size, tiny.bytes]).toEqual([0, 0]);
  });

  it('gives a page only under the stamp it was rendered under, and drops it otherwise', () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1e9 });
    cache.set('/p/a', page('v1'));
    expect(cache.get('/p/a', 'v2')).toBeUndefined();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
    expect(cache.get('/p/a', 'v1')).toBeUndefined();
  });
});

describe('the catalog stamp as the cache reads it', () => {
  it('is read again only once older than its maximum age, one read for concurrent requests', async () => {
    let now = 0;
    let reads = 0;
    const current = stampReader(
      async () => `s${++reads}`,
      2000,
      () => now,
    );
    expect(await Promise.all([current(), current(), current()])).toEqual(['s1', 's1', 's1']);
    now = 1999;
    expect(await current()).toBe('s1');
    now = 2000;
    expect(await current()).toBe('s2');
    expect(reads).toBe(2);
  });
});

describe('replies from the cache', () => {
  const kept = page('1', `<!doctype html><html><body>${'tile '.repeat(400)}</body></html>`);

  it('sends the copy Accept-Encoding asks for, each with its own ETag, and revalidates on every use', () => {
    const br = pageReply(get('/p/a'), kept);
    const gzip = pageReply(get('/p/a', { 'accept-encoding': 'gzip' }), kept);
    const plain = pageReply(get('/p/a', { 'accept-encoding': '' }), kept);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(new Set([br, gzip, plain].map((r) => r.headers.get('etag'))).size).toBe(3);
    for (const r of [br, gzip, plain]) {
      expect(r.headers.get('cache-control')).toBe('public, max-age=0');
      expect(r.headers.get('vary')).toBe('Accept-Encoding');
    }
  });

  it('decodes to the page as rendered', async () => {
    const html = gunzipSync(kept.gzip).toString();
    expect(brotliDecompressSync(Buffer.from(await pageReply(get('/p/a'), kept).arrayBuffer())).toString()).toBe(html);
    expect(await pageReply(get('/p/a', { 'accept-encoding': 'identity' }), kept).text()).toBe(html);
  });

  it("answers 304 to If-None-Match naming the copy's tag, not another encoding's", () => {
    const etag = pageReply(get('/p/a'), kept).headers.get('etag')!;
    const again = pageReply(get('/p/a', { 'if-none-match': `"other", ${etag}` }), kept);
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=0');
    expect(pageReply(get('/p/a', { 'accept-encoding': 'gzip', 'if-none-match': etag }), kept).status).toBe(200);
    expect(pageReply(get('/p/a', { 'if-none-match': `W/${etag}` }), kept).status).toBe(304);
  });

  it('keeps the same tags for the same page under a new stamp', () => {
    const later: CachedPage = page('2', gunzipSync(kept.gzip).toString());
    expect(pageReply(get('/p/a'), later).headers.get('etag')).toBe(pageReply(get('/p/a'), kept).headers.get('etag'));
  });
});

describe('shared pages as src/middleware.ts uses them', () => {
  const rendered = (status: number, headers: Record<string, string> = {}) =>
    new Response('<html>rendered</html>', { status, headers: { 'content-type': 'text/html', ...headers } });

  it('keeps a rendered 200 and answers the next request from it, until the stamp changes', async () => {
    let stamp = 'v1';
    let now = 0;
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1e9 });
    const pages = sharedPages(
      async () => stamp,
      cache,
      () => now,
    );
    const miss = await pages.lookup(get('/p/a'), '/p/a');
    if (!miss || miss instanceof Response) throw new Error('expected a miss');
    expect((await miss.keep(rendered(200))).headers.get('content-encoding')).toBe('br');
    expect(await pages.lookup(get('/p/a?color=blk'), '/p/a')).toBeInstanceOf(Response);
    stamp = 'v2';
    now = 2000;
    expect(await pages.lookup(get('/p/a'), '/p/a')).not.toBeInstanceOf(Response);
  });

  it('renders a page once for the requests that arrive while it is rendered: they answer from what the render kept', async () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1e9 });
    const pages = sharedPages(async () => 'v1', cache);
    const first = await pages.lookup(get('/p/a'), '/p/a');
    if (!first || first instanceof Response) throw new Error('expected a miss');
    let answered = 0;
    const waiting = [get('/p/a'), get('/p/a', { 'accept-encoding': 'gzip' }), get('/p/a', {}, 'HEAD')].map((request) =>
      pages.lookup(request, '/p/a').then((reply) => {
        answered++;
        return reply;
      }),
    );
    // Nothing is answered while the page is being rendered.
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(0);
    const kept = await first.keep(rendered(200));
    const replies = await Promise.all(waiting);
    for (const reply of replies) expect(reply).toBeInstanceOf(Response);
    const [br, gzip, head] = replies as Response[];
    expect(br!.headers.get('etag')).toBe(kept.headers.get('etag'));
    expect(gzip!.headers.get('content-encoding')).toBe('gzip');
    expect(head!.body).toBeNull();
    expect(cache.size).toBe(1);
  });

  it('lets the waiting requests render the page themselves when its render keeps nothing or is abandoned', async () => {
    const pages = sharedPages(async () => 'v1', new PageCache({ maxEntries: 10, maxBytes: 1e9 }));
    const miss = async (path: string) => {
      const reply = await pages.lookup(get(path), path);
      if (!reply || reply instanceof Response) throw new Error('expected a miss');
      return reply;
    };
    const notFound = await miss('/p/gone');
    const waitingForNotFound = miss('/p/gone');
    await notFound.keep(rendered(404));
    const failed = await miss('/p/b');
    const waitingForFailed = miss('/p/b');
    failed.abandon?.();
    // Each waiting request renders the page itself, as does the next request, which finds no render in progress.
    await (await waitingForNotFound).keep(rendered(404));
    expect((await (await waitingForFailed).keep(rendered(500))).status).toBe(500);
    const next = await miss('/p/b');
    await next.keep(rendered(200));
    expect(await pages.lookup(get('/p/b'), '/p/b')).toBeInstanceOf(Response);
  });

  it('keeps nothing for a 404 (an unknown slug), a reply setting a cookie, or a request that is not a read', async () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1e9 });
    const pages = sharedPages(async () => 'v1', cache);
    for (const [path, reply] of [
      ['/p/no-such-product', rendered(404)],
      ['/p/a', rendered(200, { 'set-cookie': 'a=b' })],
    ] as const) {
      const miss = await pages.lookup(get(path), path);
      if (!miss || miss instanceof Response) throw new Error('expected a miss');
      expect((await miss.keep(reply)).status).toBe(reply.status);
    }
    expect(await pages.lookup(get('/p/a', {}, 'POST'), '/p/a')).toBeUndefined();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});

describe('cache keys', () => {
  it('a page is kept by its path; search and quick order by their query in a canonical order', () => {
    expect(sharedPageKey(new URL('http://s/p/tee-fb-1001/?utm_source=x'))).toBe('/p/tee-fb-1001/');
    expect(sharedPageKey(new URL('http://s/search?q=dress&sort=name'))).toBe('/search?q=dress&sort=name');
    expect(sharedPageKey(new URL('http://s/search?sort=name&q=dress'))).toBe('/search?q=dress&sort=name');
    expect(sharedPageKey(new URL('http://s/quick-order?q=fb-1001'))).toBe('/quick-order?q=fb-1001');
    expect(sharedPageKey(new URL('http://s/search'))).toBe('/search');
  });
  it('a query too long to be a real search is not kept', () => {
    expect(sharedPageKey(new URL(`http://s/search?q=${'a'.repeat(600)}`))).toBeUndefined();
  });

  const post = (path: string, body: string) =>
    new Request(`http://s${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(body.length) }, body });
  it('search suggestions are kept by their trimmed query and payload size, and the endpoint still reads the body', async () => {
    const request = post('/api/global/auto_suggest', JSON.stringify({ query: ' linen ', brandContextId: 'fb', token: 'x' }));
    expect(await sharedReplyKey(request)).toBe('/api/global/auto_suggest?fullPayload=false&query=linen');
    expect(await request.json()).toMatchObject({ query: ' linen ' });
    expect(await sharedReplyKey(post('/api/global/auto_suggest', JSON.stringify({ query: 'linen', fullPayload: true })))).toBe(
      '/api/global/auto_suggest?fullPayload=true&query=linen',
    );
  });
  it('no other call, and no body the endpoint refuses, has a shared reply', async () => {
    expect(await sharedReplyKey(post('/api/checkout/product/add_to_cart', JSON.stringify({ query: 'linen' })))).toBeUndefined();
    expect(await sharedReplyKey(post('/api/global/auto_suggest', JSON.stringify({ query: 'a'.repeat(101) })))).toBeUndefined();
    expect(await sharedReplyKey(post('/api/global/auto_suggest', '{"query":'))).toBeUndefined();
    expect(await sharedReplyKey(post('/api/global/auto_suggest', JSON.stringify({ query: 'a', token: 'x'.repeat(2000) })))).toBeUndefined();
    expect(await sharedReplyKey(new Request('http://s/api/global/auto_suggest'))).toBeUndefined();
  });
});
