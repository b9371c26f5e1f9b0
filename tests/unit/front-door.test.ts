import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { createFrontDoor } from '#src/server/http/front-door.ts';

const mount = vi.hoisted(() => ({ made: 0 }));
vi.mock('../../src/server/social/local-provider/provider.ts', () => ({
  localProviderHandler: async () => {
    mount.made++;
    return (_req: unknown, res: { end(): void }) => res.end();
  },
}));

function exchange(method: string, host: string, url = '/') {
  const req = { method, url, headers: { host } } as unknown as IncomingMessage;
  const out: { status?: number; headers: Record<string, unknown>; body?: string } = { headers: {} };
  const res = {
    headersSent: false,
    setHeader: (k: string, v: unknown) => (out.headers[k] = v),
    writeHead(status: number, headers: Record<string, unknown> = {}) {
      out.status = status;
      Object.assign(out.headers, headers);
      return this;
    },
    end(body?: string) {
      out.body = body;
    },
  } as unknown as ServerResponse;
  return { req, res, out };
}

describe('the front door', () => {
  const door = createFrontDoor('http://127.0.0.1:4321', '127.0.0.1:4321');
  it('passes the store host on, with the security headers set', () => {
    const { req, res, out } = exchange('GET', '127.0.0.1:4321', '/home');
    expect(door(req, res)).toBe(false);
    expect(out.headers['x-frame-options']).toBe('DENY');
  });
  it('refuses other hosts with 421 and other methods with 405', () => {
    for (const host of ['evil.example', '127.0.0.1:9', '', 'localhost:4321@evil']) {
      const { req, res, out } = exchange('GET', host);
      expect(door(req, res), host).toBe(true);
      expect(out.status, host).toBe(421);
    }
    const { req, res, out } = exchange('TRACE', '127.0.0.1:4321');
    expect(door(req, res)).toBe(true);
    expect(out).toMatchObject({ status: 405, headers: { allow: expect.stringContaining('GET') } });
  });
  it('sends another loopback name of the same port to the configured origin, path and query only', () => {
    for (const [url, location] of [
      ['/p/x?color=red', 'http://127.0.0.1:4321/p/x?color=red'],
      ['//evil.example/a', 'http://127.0.0.1:4321/a'],
      ['/\\evil.example/a', 'http://127.0.0.1:4321/a'],
    ]) {
      const { req, res, out } = exchange('GET', 'localhost:4321', url);
      expect(door(req, res)).toBe(true);
      expect(out.status).toBe(308);
      expect(out.headers.location).toBe(location);
    }
  });
  it('behind a proxy, serves the public host and the address it listens on, and sends HSTS', () => {
    const proxied = createFrontDoor('https://shop.example.com', '127.0.0.1:4321');
    for (const host of ['shop.example.com', '127.0.0.1:4321']) {
      const { req, res, out } = exchange('POST', host);
      expect(proxied(req, res), host).toBe(false);
      expect(out.headers['strict-transport-security']).toContain('max-age');
    }
    const { req, res, out } = exchange('GET', 'localhost:4321');
    expect(proxied(req, res)).toBe(true);
    expect(out.status).toBe(421);
  });
});

describe('the embedded sign-in provider', () => {
  it('has one issuer, whatever Host 1,000 requests carry', async () => {
    const { localProviderMount } = await import('#src/server/social/local-provider/mount.ts');
    const handle = localProviderMount('http://127.0.0.1:4321');
    for (let port = 1000; port < 2000; port++) {
      const { req, res } = exchange('GET', `localhost:${port}`, '/oidc/.well-known/openid-configuration');
      expect(handle(req, res)).toBe(true);
    }
    await new Promise((r) => setImmediate(r));
    expect(mount.made).toBe(1);
  });
});
