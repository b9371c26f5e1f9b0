import { afterEach, expect, it } from 'vitest';
import { secureCookies } from '#src/server/http/session-cookies.ts';

const before = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = before;
});

/** Foundation: session cookies are Secure in production (HttpOnly and SameSite=Lax are set where they are written). */
it('cookies are Secure over HTTPS, and in production on any host but loopback', () => {
  process.env.NODE_ENV = 'production';
  expect(secureCookies(new URL('https://shop.example/'))).toBe(true);
  expect(secureCookies(new URL('http://shop.example/'))).toBe(true); // TLS ends at a proxy in front
  expect(secureCookies(new URL('http://127.0.0.1:4321/'))).toBe(false); // a local run over plain HTTP
  expect(secureCookies(new URL('http://localhost:4321/'))).toBe(false);
  process.env.NODE_ENV = 'development';
  expect(secureCookies(new URL('http://shop.example/'))).toBe(false);
  expect(secureCookies(new URL('https://shop.example/'))).toBe(true);
});
