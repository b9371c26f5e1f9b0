import type { CheckoutStep } from '#src/lib/checkout/flash.ts';
import { baseStep } from '#src/lib/checkout/steps.ts';

/**
 * The steps after the first load with the step, not with the page: the payment step alone brings the card form, its
 * network detection and the PayPal buttons (about 10 KiB of the checkout's JavaScript with the other two), and the
 * promo code and gift card form shown above it (with its promotion details, applied tenders and rewards). The summary
 * of the steps done (CompletedSummary), empty on the first step, comes with any later one. The
 * checkout waits for a step's module before showing the step, so its heading is there to take focus, and asks for
 * them all as soon as the shopper starts on the page: a key or a press in it (preloadSteps; the heading the checkout
 * focuses itself does not count).
 */
const loaders = {
  shipping: () => import('./ShippingStep.tsx').then((m) => m.ShippingStep),
  payment: () => import('./PaymentStep.tsx').then((m) => m.PaymentStep),
  promo: () => import('../bag/PromoCodeForm.tsx').then((m) => m.PromoCodeForm),
  review: () => import('./ReviewStep.tsx').then((m) => m.ReviewStep),
  completed: () => import('./CompletedSummary.tsx').then((m) => m.CompletedSummary),
};
type Loaders = typeof loaders;
type Loaded = { [K in keyof Loaders]?: Awaited<ReturnType<Loaders[K]>> };
const loaded: Loaded = {};

async function bring<K extends keyof Loaders>(key: K): Promise<void> {
  (loaded as Record<K, unknown>)[key] ??= await loaders[key]();
}

export async function loadStep(step: CheckoutStep): Promise<void> {
  const base = baseStep(step);
  const keys: (keyof Loaders)[] = base === 'payment' ? ['payment', 'promo'] : base === 'information' ? [] : [base];
  if (step !== 'information') keys.push('completed');
  await Promise.all(keys.map(bring));
}

export const preloadSteps = () => void Promise.all([loadStep('shipping'), loadStep('payment'), loadStep('review')]);

/** A step's component once loadStep has brought it. */
export const stepComponents = (): Readonly<Loaded> => loaded;
