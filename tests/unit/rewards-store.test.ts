// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import type { RewardsOffer } from '#src/lib/rewards/offer.ts';
import { $bag } from '#src/lib/stores/bag.ts';
import { $rewardsOffers, applyRewards } from '#src/lib/stores/rewards.ts';
import { basketFixture, lineFixture } from '../helpers/reply-fixtures.ts';

const offer = (rewardBrand: 'zq' | 'dia', label: string): RewardsOffer => ({
  applicableRewards: 2500,
  totalRewards: 2500,
  paymentMethodId: rewardBrand === 'zq' ? 'FB_REWARD_DOLLAR' : 'DIA_REWARDS',
  rewardsType: label,
  rewardBrand,
  label,
});

afterEach(() => {
  vi.unstubAllGlobals();
  $rewardsOffers.set([]);
  $bag.set(null);
});

it('applying a programme’s rewards takes its offer away at once, keeping the others, and stores the returned bag', async () => {
  const basket = basketFixture({ basketId: 'B1', productItems: [lineFixture()] });
  // The offers are asked again when the bag changes; that answer comes after the apply's, on its own.
  let answerOffers = () => {};
  const offersAsked = new Promise<void>((resolve) => {
    answerOffers = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).includes('/api/checkout/rewards')) {
        await offersAsked;
        return new Response(JSON.stringify({ status: 'success', body: { rewards: [offer('dia', 'Dia Rewards')] } }), { status: 200 });
      }
      return new Response(JSON.stringify({ status: 'success', body: { basket, message: 'Rewards applied.' } }), { status: 200 });
    }),
  );
  const stop = $rewardsOffers.listen(() => {});
  $rewardsOffers.set([offer('zq', 'ELQ Rewards'), offer('dia', 'Dia Rewards')]);
  expect(await applyRewards('zq', 'checkout')).toEqual({ ok: true, message: 'Rewards applied.' });
  expect($rewardsOffers.get().map((o) => o.rewardBrand)).toEqual(['dia']);
  expect($bag.get()).toMatchObject({ basketId: 'B1' });
  answerOffers();
  stop();
});
