import { afterEach, describe, expect, it, vi } from 'vitest';
import { forwardedClient } from '#src/web/http/client-address.ts';

/**
 * Behind proxies, the client's address is the entry the outermost trusted proxy appended to X-Forwarded-For, counted
 * from the right; what a client writes into the header itself stands to the left and is never taken.
 */
describe('the client address behind trusted proxies', () => {
  it('behind one proxy is the right-most entry, whatever the client wrote before it', () => {
    expect(forwardedClient('203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('1.1.1.1, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('1.1.1.1,2.2.2.2 ,  203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('unknown, , 203.0.113.7', 1)).toBe('203.0.113.7');
  });

  it('behind two proxies is the second entry from the right', () => {
    expect(forwardedClient('6.6.6.6, 203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    expect(forwardedClient('203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
  });

  it('takes the left-most of a header shorter than the proxies (all of it written by them), and nothing of an empty one', () => {
    expect(forwardedClient('203.0.113.7', 3)).toBe('203.0.113.7');
    expect(forwardedClient('', 1)).toBeNull();
    expect(forwardedClient(' , ', 1)).toBeNull();
    expect(forwardedClient(null, 1)).toBeNull();
  });

  it('keeps at most 64 characters of an entry', () => {
    expect(forwardedClient(`x, ${'a'.repeat(100)}`, 1)).toBe('a'.repeat(64));
  });
});

describe('clientAddress and TRUST_PROXY', () => {
  const before = process.env.TRUST_PROXY;
  afterEach(() => {
    if (before === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = before;
    vi.resetModules();
  });
  const request = (forwarded: string) => ({
    clientAddress: '127.0.0.9',
    request: new Request('http://localhost/', { headers: { 'x-forwarded-for': forwarded } }),
  });
  // The settings are read once (src/server/config.ts): fresh modules read them again.
  const withTrustProxy = async (value: string | undefined) => {
    if (value === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = value;
    vi.resetModules();
    return (await import('#src/web/http/client-address.ts')).clientAddress;
  };

  it('with TRUST_PROXY=1 takes the entry the proxy appended, not the forged first one', async () => {
    const clientAddress = await withTrustProxy('1');
    expect(clientAddress(request('198.51.100.1, 203.0.113.7'))).toBe('203.0.113.7');
  });

  it('without TRUST_PROXY, or with 0, takes the socket peer and ignores the header', async () => {
    expect((await withTrustProxy(undefined))(request('203.0.113.7'))).toBe('127.0.0.9');
    expect((await withTrustProxy('0'))(request('203.0.113.7'))).toBe('127.0.0.9');
  });
});
