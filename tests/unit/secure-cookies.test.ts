import { expect, it } from 'vitest';
import { secureCookies } from '#src/web/http/session-cookies.ts';

/** Foundation: session cookies are Secure in production (HttpOnly and SameSite=Lax are set where they are written). */
it('cookies are Secure over HTTPS, and in production on any host but loopback', () => {
  const production = true;
  expect(secureCookies(new URL('https://shop.example/'), production)).toBe(true);
  expect(secureCookies(new URL('http://shop.example/'), production)).toBe(true); // TLS ends at a proxy in front
  expect(secureCookies(new URL('http://127.0.0.1:4321/'), production)).toBe(false); // a local run over plain HTTP
  expect(secureCookies(new URL('http://localhost:4321/'), production)).toBe(false);
  expect(secureCookies(new URL('http://shop.example/'), !production)).toBe(false);
  expect(secureCookies(new URL('https://shop.example/'), !production)).toBe(true);
});
