import { describe, expect, it } from 'vitest';
import { isCrossOriginWrite } from '../../src/server/http/origin.ts';

const url = new URL('http://shop.test/api/checkout/product/add_to_cart');
const req = (method: string, headers: Record<string, string>) => new Request(url, { method, headers });

describe('cross-origin write guard', () => {
  it('refuses a JSON POST from another origin', () => {
    expect(isCrossOriginWrite(req('POST', { origin: 'http://evil.test', 'content-type': 'application/json' }), url)).toBe(true);
  });
  it('refuses an opaque origin and a cross-site fetch without Origin', () => {
    expect(isCrossOriginWrite(req('DELETE', { origin: 'null' }), url)).toBe(true);
    expect(isCrossOriginWrite(req('PUT', { 'sec-fetch-site': 'cross-site' }), url)).toBe(true);
  });
  it('allows the same origin, safe methods, and non-browser clients', () => {
    expect(isCrossOriginWrite(req('POST', { origin: 'http://shop.test' }), url)).toBe(false);
    expect(isCrossOriginWrite(req('GET', { origin: 'http://evil.test' }), url)).toBe(false);
    expect(isCrossOriginWrite(req('POST', {}), url)).toBe(false);
  });
});
