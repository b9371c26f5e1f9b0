// @vitest-environment jsdom
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { forgetPerksStatus } from '#src/lib/stores/perks-forget.ts';
import { $perksStatus, loadPerksStatus } from '#src/lib/stores/perks.ts';

/**
 * Product spec §4 "Checkout steps and analytics": the subscription status is fetched once per session for a
 * signed-in shopper; asking again in the same tab (another page, another island) reads the kept answer.
 */
const member = { isMember: true, programmeName: 'Perks', endsAt: '2027-12-06T05:00:00.000Z' };
let fetch: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ status: 'success', body: { subscriptionStatus: member } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => {
  forgetPerksStatus();
  vi.unstubAllGlobals();
  $perksStatus.set(null);
});

it('asks the server once for a signed-in shopper, however many times the status is loaded', async () => {
  await Promise.all([loadPerksStatus('ada@example.com'), loadPerksStatus('ada@example.com')]);
  await loadPerksStatus('ada@example.com');
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(fetch.mock.calls[0]?.[0]).toBe('/api/checkout/subscriptionStatus');
  expect($perksStatus.get()).toEqual(member);
});

it('keeps the answer for the session: a page loaded later in the tab does not ask again', async () => {
  await loadPerksStatus('ada@example.com');
  $perksStatus.set(null);
  await loadPerksStatus('ada@example.com');
  expect(fetch).toHaveBeenCalledTimes(1);
  expect($perksStatus.get()).toEqual(member);
});

it('asks again for another account, and never for a guest', async () => {
  await loadPerksStatus(null);
  expect(fetch).not.toHaveBeenCalled();
  await loadPerksStatus('ada@example.com');
  await loadPerksStatus('grace@example.com');
  expect(fetch).toHaveBeenCalledTimes(2);
});
