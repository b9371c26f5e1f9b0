import type { CheckoutState } from '#src/lib/commerce/bag.ts';
import {
  type PayLaterInput,
  type PayLaterOffer,
  type PayLaterPlacement,
  payLaterEligibility,
  payLaterInputOf,
} from '#src/lib/pay-later/pay-later-rules.ts';
import { config, ConfigError, type Config } from '../config.ts';
import { affirmPayLater } from './affirm-pay-later.ts';
import { embeddedPayLater, offPayLater } from './embedded-pay-later.ts';
import type { PayLaterProvider } from './pay-later-provider.ts';

/** The provider configuration asks for. */
export function createPayLaterProvider(c: Config): PayLaterProvider {
  if (c.PAY_LATER === 'off') return offPayLater;
  if (c.PAY_LATER === 'embedded') return embeddedPayLater;
  if (!c.AFFIRM_PUBLIC_KEY) throw new ConfigError('PAY_LATER=affirm needs AFFIRM_PUBLIC_KEY (see .env.example).');
  return affirmPayLater({ baseUrl: c.AFFIRM_BASE_URL, publicKey: c.AFFIRM_PUBLIC_KEY, timeoutMs: c.AFFIRM_TIMEOUT_MS });
}

let provider: PayLaterProvider | undefined;

function payLaterProvider(): PayLaterProvider {
  provider ??= createPayLaterProvider(config());
  return provider;
}

/** The offer to show: the store's rule first (the provider is not asked when it says no), then the provider's word. */
export async function payLaterOffer(
  input: PayLaterInput,
  placement: PayLaterPlacement,
  from: PayLaterProvider = payLaterProvider(),
): Promise<PayLaterOffer | null> {
  if (payLaterEligibility(input) !== 'shown') return null;
  return from.offer(input.orderTotal, placement);
}

/** The checkout view the payment step receives, with the offer for its bag (or null). */
export async function withPayLater(view: Omit<CheckoutState, 'payLater'>): Promise<CheckoutState> {
  return { ...view, payLater: await payLaterOffer(payLaterInputOf(view.basket), 'payment') };
}
