// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { $bag, removePromoCode, removeTender } from '#src/lib/stores/bag.ts';
import { basketFixture, lineFixture } from '../helpers/reply-fixtures.ts';

/**
 * What the code field says when something it lists is taken off the bag: one wording for a coupon, a gift card, a
 * certificate and rewards dollars alike, as applying any of them says 'Code applied successfully' (checkout spec §4).
 */
afterEach(() => {
  vi.unstubAllGlobals();
  $bag.set(null);
});

it('removing a coupon, a gift card, a certificate or rewards answers in one wording', async () => {
  const instruments = [
    { paymentInstrumentId: 'G1', paymentMethodId: 'SVS_GIFT_CARD', c_giftCardNumber: '•••• 1234', amount: 500 },
    { paymentInstrumentId: 'C1', paymentMethodId: 'ADS_REWARD_CERTIFICATE', c_rewardCertNumber: '•••• 5678', amount: 1000 },
    { paymentInstrumentId: 'R1', paymentMethodId: 'FB_REWARD_DOLLAR', amount: 700 },
  ];
  $bag.set(basketFixture({ basketId: 'B1', productItems: [lineFixture()], paymentInstruments: instruments } as never));
  const after = basketFixture({ basketId: 'B1', productItems: [lineFixture()] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ status: 'success', body: { basket: after } }), { status: 200 })),
  );
  const answers = [await removePromoCode('K1'), ...(await Promise.all(instruments.map((p) => removeTender(p.paymentInstrumentId))))];
  expect(answers).toEqual(Array(4).fill({ ok: true, message: 'Code removed successfully' }));
});
