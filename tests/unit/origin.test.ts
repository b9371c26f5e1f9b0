import { describe, expect, it } from 'vitest';
import { isCrossOriginWrite } from '#src/web/http/origin.ts';

const store = 'http://127.0.0.1:4321';
const url = `${store}/api/checkout/product/add_to_cart`;
const req = (method: string, headers: Record<string, string>) => new Request(url, { method, headers });

describe('cross-origin write guard', () => {
  it('refuses a JSON POST from another origin', () => {
    expect(isCrossOriginWrite(req('POST', { origin: 'http://evil.test', 'content-type': 'application/json' }), store)).toBe(true);
  });
  it('refuses an opaque origin and a cross-site fetch without Origin', () => {
    expect(isCrossOriginWrite(req('DELETE', { origin: 'null' }), store)).toBe(true);
    expect(isCrossOriginWrite(req('PUT', { 'sec-fetch-site': 'cross-site' }), store)).toBe(true);
  });
  it('refuses a write a browser marks same-site: another site under the same registrable domain is not the store', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(isCrossOriginWrite(req(method, { 'sec-fetch-site': 'same-site' }), store), method).toBe(true);
    }
    // The store's own pages send same-origin (or none) and are let through.
    expect(isCrossOriginWrite(req('POST', { 'sec-fetch-site': 'same-origin' }), store)).toBe(false);
    expect(isCrossOriginWrite(req('POST', { 'sec-fetch-site': 'none' }), store)).toBe(false);
  });
  it('allows the store origin, safe methods, and non-browser clients', () => {
    expect(isCrossOriginWrite(req('POST', { origin: store }), store)).toBe(false);
    expect(isCrossOriginWrite(req('GET', { origin: 'http://evil.test' }), store)).toBe(false);
    expect(isCrossOriginWrite(req('POST', {}), store)).toBe(false);
  });
  it('compares scheme, host and port with the configured origin, never the Host the request came with', () => {
    expect(isCrossOriginWrite(req('POST', { origin: 'https://127.0.0.1:4321' }), store)).toBe(true); // scheme
    expect(isCrossOriginWrite(req('POST', { origin: 'http://127.0.0.1:4322' }), store)).toBe(true); // port
    expect(isCrossOriginWrite(req('POST', { origin: 'http://localhost:4321' }), store)).toBe(true); // host
    const proxied = (origin: string) =>
      new Request('http://127.0.0.1:4321/api/global/login', { method: 'POST', headers: { origin, host: 'evil.example' } });
    expect(isCrossOriginWrite(proxied('https://shop.example'), 'https://shop.example')).toBe(false);
    expect(isCrossOriginWrite(proxied('http://shop.example'), 'https://shop.example')).toBe(true);
    expect(isCrossOriginWrite(proxied('https://evil.example'), 'https://shop.example')).toBe(true);
  });
});
