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
  it('behind a proxy that rewrites Host, compares with the public origin, scheme included', () => {
    const internal = new URL('http://127.0.0.1:4321/api/global/login');
    const at = (origin: string) => new Request(internal, { method: 'POST', headers: { origin } });
    expect(isCrossOriginWrite(at('https://shop.example'), internal, 'https://shop.example')).toBe(false);
    expect(isCrossOriginWrite(at('http://shop.example'), internal, 'https://shop.example')).toBe(true);
    expect(isCrossOriginWrite(at('https://evil.example'), internal, 'https://shop.example')).toBe(true);
    expect(isCrossOriginWrite(at('https://shop.example'), internal, undefined)).toBe(true); // without it, the Host decides
  });
});
