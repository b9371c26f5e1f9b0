import { describe, expect, it } from 'vitest';
import { parseConfig, storeOrigin } from '#src/server/config.ts';
import { isAllowedIssuer, socialProviders } from '#src/server/social/providers.ts';

const KEY = 'k'.repeat(43);

describe('configuration', () => {
  it('reads numbers as numbers and refuses what is not one, naming the variable', () => {
    expect(parseConfig({ PORT: '4399' }).PORT).toBe(4399);
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(/PORT: PORT must be a whole number/);
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/PORT must be at most 65535/);
    expect(() => parseConfig({ SESSION_TTL_SECONDS: '1e9' })).toThrow(/SESSION_TTL_SECONDS/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres/);
  });
  it('takes an empty value for unset, so a copied .env.example starts', () => {
    const c = parseConfig({ PORT: '', DATABASE_URL: '', STORE_DIST: '', PUBLIC_ORIGIN: '' });
    expect(c).toMatchObject({ PORT: 4321, STORE_DIST: 'dist' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.PUBLIC_ORIGIN).toBeUndefined();
  });
});

describe("the store's origin", () => {
  it('is PUBLIC_ORIGIN when set: an https origin, or http on loopback only, with no path', () => {
    expect(storeOrigin(parseConfig({ PUBLIC_ORIGIN: 'https://Shop.Example.com', GIFT_CARD_KEY: KEY }))).toBe('https://shop.example.com');
    expect(storeOrigin(parseConfig({ PUBLIC_ORIGIN: 'http://localhost:8080' }))).toBe('http://localhost:8080');
    for (const bad of [
      'http://shop.example.com',
      'https://shop.example.com/',
      'https://shop.example.com/store',
      'https://u:p@shop.example.com',
      'shop.example.com',
    ]) {
      expect(() => parseConfig({ PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN must be an origin/);
    }
  });
  it('defaults to the loopback address the server listens on, and is required beyond loopback', () => {
    expect(storeOrigin(parseConfig({}))).toBe('http://127.0.0.1:4321');
    expect(storeOrigin(parseConfig({ HOST: 'localhost', PORT: '4400' }))).toBe('http://localhost:4400');
    expect(() => storeOrigin(parseConfig({ HOST: '0.0.0.0' }))).toThrow(/PUBLIC_ORIGIN is required/);
    expect(storeOrigin(parseConfig({ HOST: '0.0.0.0', PUBLIC_ORIGIN: 'https://shop.example.com', GIFT_CARD_KEY: KEY }))).toBe(
      'https://shop.example.com',
    );
  });
  it('refuses a public origin without GIFT_CARD_KEY at start-up, not at the first gift card sold', () => {
    expect(() => parseConfig({ PUBLIC_ORIGIN: 'https://shop.example.com' })).toThrow(/GIFT_CARD_KEY: required with a public origin/);
    expect(parseConfig({ PUBLIC_ORIGIN: 'http://127.0.0.1:4321' }).GIFT_CARD_KEY).toBeUndefined();
  });
});

describe('social sign-in providers', () => {
  it('offer the embedded test provider by default on a loopback origin only', () => {
    expect(socialProviders({}, 'http://127.0.0.1:4321').map((p) => p.name)).toEqual(['local']);
    expect(socialProviders({}, 'https://shop.example.com')).toEqual([]);
    expect(socialProviders({ SOCIAL_PROVIDERS: 'local' }, 'https://shop.example.com')[0]?.issuer).toBe('https://shop.example.com/oidc');
  });
  it('talk plain HTTP only to the embedded provider on loopback', () => {
    expect(isAllowedIssuer('http://127.0.0.1:4321/oidc', 'local')).toBe(true);
    expect(isAllowedIssuer('http://evil.example/oidc', 'local')).toBe(false);
    expect(isAllowedIssuer('http://127.0.0.1:9999', 'google')).toBe(false);
    expect(isAllowedIssuer('https://accounts.google.com', 'google')).toBe(true);
    expect(() =>
      socialProviders(
        { SOCIAL_PROVIDERS: 'acme', OIDC_ACME_ISSUER: 'http://idp.example', OIDC_ACME_CLIENT_ID: 'a', OIDC_ACME_CLIENT_SECRET: 'b' },
        'https://shop.example.com',
      ),
    ).toThrow(/must be an https/);
  });
});
