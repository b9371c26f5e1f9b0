import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAY_LATER_MESSAGE } from '#src/lib/pay-later/pay-later-rules.ts';
import { parseConfig } from '#src/server/config.ts';
import { affirmPayLater, FAILURE_TTL_MS, OFFER_CACHE_ENTRIES, OFFER_TTL_MS } from '#src/server/pay-later/affirm-pay-later.ts';
import { embeddedPayLater, SANDBOX_DECLINES_FROM_CENTS } from '#src/server/pay-later/embedded-pay-later.ts';
import type { PayLaterProvider } from '#src/server/pay-later/pay-later-provider.ts';
import { createPayLaterProvider, payLaterOffer } from '#src/server/pay-later/pay-later-service.ts';
import { type AffirmStandIn, startAffirmStandIn } from '../helpers/affirm-stand-in.ts';

/**
 * One contract, two providers: the embedded sandbox and the Affirm adapter against a local stand-in answering in
 * Affirm's promotional messaging shape. Then what only the adapter does: what it asks, and how it fails.
 */
let standIn: AffirmStandIn;
const log = vi.fn<(line: string) => void>();
const affirm = () => affirmPayLater({ baseUrl: standIn.url, publicKey: standIn.publicKey, timeoutMs: 500, log });
const providers: Record<'embedded' | 'affirm', () => PayLaterProvider> = { embedded: () => embeddedPayLater, affirm };

beforeAll(async () => {
  standIn = await startAffirmStandIn();
});
afterAll(async () => {
  await standIn.close();
});
afterEach(() => {
  standIn.misbehave('ok');
  log.mockReset();
});

describe.each(['embedded', 'affirm'] as const)('the %s pay-later provider', (kind) => {
  const provider = () => providers[kind]();

  it.each(['payment', 'bag'] as const)("offers 'Pay with Affirm on orders over $50' above $49.99 (%s)", async (placement) => {
    const offer = await provider().offer(5000, placement);
    expect(offer).toMatchObject({ provider: 'Affirm', method: 'affirm', message: PAY_LATER_MESSAGE });
    expect(await provider().offer(12_345, placement)).toMatchObject({ message: PAY_LATER_MESSAGE });
  });

  it('offers nothing at $49.99 or below', async () => {
    for (const amount of [0, 1, 4999]) expect(await provider().offer(amount, 'payment'), String(amount)).toBeNull();
  });

  it('declines financing from $10,000.00, the sandbox limit', async () => {
    expect(await provider().offer(SANDBOX_DECLINES_FROM_CENTS - 1, 'payment')).not.toBeNull();
    expect(await provider().offer(SANDBOX_DECLINES_FROM_CENTS, 'payment')).toBeNull();
  });

  it('is not asked when the store rule says no: a gift card or reward is applied', async () => {
    const asked = vi.fn(provider().offer);
    const spy = { ...provider(), offer: asked };
    expect(await payLaterOffer({ orderTotal: 8000, giftCardOrRewardApplied: true }, 'payment', spy)).toBeNull();
    expect(await payLaterOffer({ orderTotal: 4999, giftCardOrRewardApplied: false }, 'payment', spy)).toBeNull();
    expect(asked).not.toHaveBeenCalled();
    expect(await payLaterOffer({ orderTotal: 8000, giftCardOrRewardApplied: false }, 'payment', spy)).toMatchObject({ message: PAY_LATER_MESSAGE });
  });
});

describe('the Affirm adapter', () => {
  it("asks Affirm's promotional messaging with the public key, the amount in cents and the page type", async () => {
    const from = standIn.requests.length;
    await affirm().offer(7250, 'payment');
    await affirm().offer(7250, 'bag');
    const [payment, bag] = standIn.requests.slice(from);
    expect(payment?.pathname).toBe(`/api/promos/v2/${standIn.publicKey}`);
    expect(Object.fromEntries(payment?.searchParams ?? [])).toEqual({ amount: '7250', page_type: 'payment', field: 'ala' });
    expect(bag?.searchParams.get('page_type')).toBe('cart');
  });

  it("keeps Affirm's own 'as low as' line with the message", async () => {
    expect((await affirm().offer(12_000, 'payment'))?.asLowAs).toBe('Starting at $10/mo with Affirm. Learn more');
  });

  it.each([500, 'malformed', 'hang'] as const)(
    'answers no offer when Affirm fails (%s), logging one line without the shopper or the key',
    async (mode) => {
      standIn.misbehave(mode);
      const provider = affirm();
      expect(await provider.offer(7250, 'payment')).toBeNull();
      expect(await provider.offer(8100, 'payment')).toBeNull();
      expect(log).toHaveBeenCalledTimes(1);
      const line = String(log.mock.calls[0]?.[0]);
      expect(line).toMatch(/^\[pay-later\] Affirm failed/);
      for (const secret of ['7250', '72.50', standIn.publicKey]) expect(line).not.toContain(secret);
    },
  );

  it("keeps Affirm's answer for an amount and page ten minutes, so checkout reads do not each wait on Affirm", async () => {
    let clock = 0;
    const provider = affirmPayLater({ baseUrl: standIn.url, publicKey: standIn.publicKey, timeoutMs: 500, log, now: () => clock });
    const from = standIn.requests.length;
    const first = await provider.offer(6400, 'payment');
    expect(await provider.offer(6400, 'payment')).toEqual(first);
    expect(standIn.requests.length - from).toBe(1);
    await provider.offer(6400, 'bag');
    await provider.offer(6500, 'payment');
    expect(standIn.requests.length - from).toBe(3);
    clock += OFFER_TTL_MS;
    expect(await provider.offer(6400, 'payment')).toEqual(first);
    expect(standIn.requests.length - from).toBe(4);
  });

  it('asks again half a minute after a failure, not on every read while Affirm is down', async () => {
    let clock = 0;
    const provider = affirmPayLater({ baseUrl: standIn.url, publicKey: standIn.publicKey, timeoutMs: 500, log, now: () => clock });
    standIn.misbehave(500);
    const from = standIn.requests.length;
    expect(await provider.offer(7250, 'payment')).toBeNull();
    standIn.misbehave('ok');
    expect(await provider.offer(7250, 'payment')).toBeNull();
    expect(standIn.requests.length - from).toBe(1);
    clock += FAILURE_TTL_MS;
    expect(await provider.offer(7250, 'payment')).toMatchObject({ message: PAY_LATER_MESSAGE });
    expect(standIn.requests.length - from).toBe(2);
  });

  it('keeps at most a thousand answers, the oldest out first', async () => {
    const provider = affirmPayLater({ baseUrl: standIn.url, publicKey: standIn.publicKey, timeoutMs: 500, log });
    for (let i = 0; i <= OFFER_CACHE_ENTRIES; i++) await provider.offer(5000 + i, 'payment');
    const from = standIn.requests.length;
    await provider.offer(5000 + OFFER_CACHE_ENTRIES, 'payment');
    expect(standIn.requests.length - from).toBe(0);
    await provider.offer(5000, 'payment');
    expect(standIn.requests.length - from).toBe(1);
  });

  it('answers no offer when Affirm cannot be reached at all', async () => {
    const unreachable = affirmPayLater({ baseUrl: 'http://127.0.0.1:9', publicKey: standIn.publicKey, timeoutMs: 500, log });
    expect(await unreachable.offer(7250, 'payment')).toBeNull();
    expect(log).toHaveBeenCalledTimes(1);
  });
});

describe('the pay-later configuration', () => {
  it('is the embedded sandbox by default, off when asked, and Affirm only with a public key', () => {
    expect(createPayLaterProvider(parseConfig({})).kind).toBe('embedded');
    expect(createPayLaterProvider(parseConfig({ PAY_LATER: 'off' })).kind).toBe('off');
    expect(() => createPayLaterProvider(parseConfig({ PAY_LATER: 'affirm' }))).toThrow(/AFFIRM_PUBLIC_KEY/);
    expect(createPayLaterProvider(parseConfig({ PAY_LATER: 'affirm', AFFIRM_PUBLIC_KEY: 'ABC123' })).kind).toBe('affirm');
    expect(() => parseConfig({ PAY_LATER: 'klarna' })).toThrow(/PAY_LATER must be embedded, affirm or off/);
    expect(() => parseConfig({ AFFIRM_BASE_URL: 'affirm.com' })).toThrow(/AFFIRM_BASE_URL/);
  });

  it('answers no offer when off, whatever the amount', async () => {
    const off = createPayLaterProvider(parseConfig({ PAY_LATER: 'off' }));
    expect(await off.offer(12_000, 'payment')).toBeNull();
  });
});
