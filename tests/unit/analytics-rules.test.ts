// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { pushEvent, sendPageLoad, shippingMethodEvent } from '#src/lib/analytics/data-layer.ts';
import { logLimiter } from '#src/lib/analytics/log-limit.ts';
import { findingMethod, ServerCookiesSchema, withAddToCartMethod } from '#src/lib/schemas/server-cookies.ts';

type Layer = unknown[] | undefined;
const layer = () => (window as { dataLayer?: unknown[] }).dataLayer as Layer;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete (window as { dataLayer?: unknown[] }).dataLayer;
  delete document.documentElement.dataset['analytics'];
});

describe('the analytics target wait (product spec §9: up to 50 tries at 50 ms)', () => {
  it('pushes into the data layer a tag makes while the page waits', async () => {
    vi.useFakeTimers();
    const pushed = pushEvent({ event: 'a' });
    await vi.advanceTimersByTimeAsync(50 * 10);
    expect(layer()).toBeUndefined();
    const tags: unknown[] = [];
    (window as { dataLayer?: unknown[] }).dataLayer = tags;
    await vi.advanceTimersByTimeAsync(50);
    await pushed;
    expect(tags).toEqual([{ event: 'a' }]);
  });

  it('makes the data layer itself after the 50th try, so the event waits in it', async () => {
    vi.useFakeTimers();
    const pushed = pushEvent({ event: 'b' });
    await vi.advanceTimersByTimeAsync(49 * 50 - 1);
    expect(layer()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await pushed;
    expect(layer()).toEqual([{ event: 'b' }]);
  });
});

describe('the disabled-analytics flag (product spec §8: events are skipped)', () => {
  it('pushes nothing and calls nothing with <html data-analytics="off">', async () => {
    document.documentElement.dataset['analytics'] = 'off';
    (window as { dataLayer?: unknown[] }).dataLayer = [];
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await pushEvent({ event: 'c' });
    await sendPageLoad({ page_type: 'product', product_id: 'fb-1001' });
    expect(layer()).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('merges the page-load reply into the data layer when analytics is on', async () => {
    (window as { dataLayer?: unknown[] }).dataLayer = [];
    const body = { page_type: 'product', product_id: 'fb-1001', skipped_steps: '', checkout_entry_step: false, authenticated: false, usid: 'u1' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: 'success', body }), { headers: { 'content-type': 'application/json' } })),
    );
    await sendPageLoad({ page_type: 'product', product_id: 'fb-1001' });
    expect(layer()).toEqual([{ event: 'pageload', ...body }]);
  });
});

it('maps the shipping methods Regular, Express and SuperFast for analytics (checkout spec §4)', () => {
  expect(['Regular', 'Express', 'SuperFast', 'Drone'].map((id) => shippingMethodEvent(id).shipping_method)).toEqual([
    'standard',
    'express',
    'superfast',
    'other',
  ]);
});

describe('the server-set cookies (header spec §7)', () => {
  const url = (q: string) => new URL(`https://store.example/p/fb-1001${q}`);
  it('reads the product-finding method from the link and the page before', () => {
    expect(findingMethod(url('?search_term=dress'), '')).toBe('search');
    expect(findingMethod(url('?search_term=dr&search_term_suggested=dress'), '')).toBe('suggestion');
    expect(findingMethod(url('?search_method=recent%20searches'), '')).toBe('recent-search');
    expect(findingMethod(url('?recommendation=true'), '')).toBe('recommendation');
    expect(findingMethod(url(''), 'https://store.example/search?q=dress')).toBe('search');
    expect(findingMethod(url(''), 'https://store.example/brands/fb')).toBe('browse');
    expect(findingMethod(url(''), 'https://elsewhere.example/')).toBe('direct');
    expect(findingMethod(url(''), '')).toBe('direct');
  });

  it('keeps the add-to-cart method map to the latest 20 products, one entry each', () => {
    let map: string | undefined;
    for (let i = 0; i < 25; i++) map = withAddToCartMethod(map, `p-${i}`, 'browse');
    map = withAddToCartMethod(map, 'p-20', 'search');
    const entries = map!.split('|');
    expect(entries).toHaveLength(20);
    expect(entries[0]).toBe('p-20:search');
    expect(entries.filter((e) => e.startsWith('p-20:'))).toHaveLength(1);
    expect(v.safeParse(ServerCookiesSchema, { cookies: { addToCartMethod: map } }).success).toBe(true);
  });

  it('takes only the store’s own names, each value by its rule', () => {
    const ok = (cookies: unknown) => v.safeParse(ServerCookiesSchema, { cookies }).success;
    expect(ok({ productFindingMethod: 'search', defaultColor: 'BLK', merchType: 'dresses' })).toBe(true);
    expect(ok({ sid: 'stolen' })).toBe(false);
    expect(ok({ usid: 'x' })).toBe(false);
    expect(ok({ productFindingMethod: 'telepathy' })).toBe(false);
    expect(ok({ defaultColor: 'x; Domain=evil.example' })).toBe(false);
    expect(ok({})).toBe(false);
  });
});

describe('the browser log limit (10 a minute per client, 60 a minute in all)', () => {
  it('refuses the 11th line from one client and the 61st from everyone, and forgets them after the minute', () => {
    let now = 0;
    const limit = logLimiter({ perClient: 10, total: 60, windowMs: 60_000, maxClients: 1000 }, () => now);
    for (let i = 0; i < 10; i++) expect(limit.take('a')).toBe(true);
    expect(limit.take('a')).toBe(false);
    for (let c = 0; c < 5; c++) for (let i = 0; i < 10; i++) expect(limit.take(`c${c}`)).toBe(true);
    expect(limit.take('late')).toBe(false);
    now = 60_000;
    expect(limit.take('a')).toBe(true);
  });
});
