import { atom, onMount } from 'nanostores';
import { callApi } from '../api-client.ts';
import { API } from '../api/contract.ts';
import type { RewardsOffer } from '../rewards/offer.ts';
import { $bag, type CodeResult } from './bag.ts';

/**
 * The brand rewards the bag offers the signed-in shopper (GET /api/checkout/rewards; the server decides with
 * src/lib/rewards/offer.ts). Asked again whenever the bag changes while an island shows them (signing in brings a bag): what is
 * left to pay, the cap and the rewards already applied all move the offer.
 */
export const $rewardsOffers = atom<RewardsOffer[]>([]);

async function loadRewardsOffers(): Promise<void> {
  // The server answers a guest with none; the checkout page does not load the account, so it is not asked here.
  if (!$bag.get()?.productItems?.length) return $rewardsOffers.set([]);
  const r = await callApi(API.rewardsOffers);
  $rewardsOffers.set(r.ok ? r.body.rewards : []);
}

onMount($rewardsOffers, () => {
  void loadRewardsOffers();
  return $bag.listen(() => void loadRewardsOffers());
});

/** Applies a programme's rewards dollars as payment (POST basket/update/ with rewardBrand); the reply's bag replaces the bag. */
export async function applyRewards(rewardBrand: string, pageType: 'cart' | 'checkout'): Promise<CodeResult> {
  const r = await callApi(API.applyCode, { code: '', rewardBrand, pageType });
  if (!r.ok) return r;
  // The applied programme's offer goes at once: until the offers are asked again it would show beside the payment.
  $rewardsOffers.set($rewardsOffers.get().filter((o) => o.rewardBrand !== rewardBrand));
  $bag.set(r.body.basket);
  return { ok: true, message: r.body.message };
}
