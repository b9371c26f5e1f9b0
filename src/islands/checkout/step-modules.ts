import type { BaseStep } from '#src/lib/checkout/steps.ts';

type ShippingStep = typeof import('./ShippingStep.tsx').ShippingStep;
type PaymentStep = typeof import('./PaymentStep.tsx').PaymentStep;
type ReviewStep = typeof import('./ReviewStep.tsx').ReviewStep;

/**
 * The steps after the first load with the step, not with the page: the payment step alone brings the card form, its
 * network detection and the PayPal buttons (about 10 KiB of the checkout's JavaScript with the other two). The
 * checkout waits for a step's module before showing the step, so its heading is there to take focus, and asks for
 * them all as soon as the shopper starts on the page: a key or a press in it (preloadSteps; the heading the checkout
 * focuses itself does not count).
 */
const loaders = {
  shipping: () => import('./ShippingStep.tsx').then((m) => m.ShippingStep),
  payment: () => import('./PaymentStep.tsx').then((m) => m.PaymentStep),
  review: () => import('./ReviewStep.tsx').then((m) => m.ReviewStep),
};
const loaded: { shipping?: ShippingStep; payment?: PaymentStep; review?: ReviewStep } = {};

export async function loadStep(step: BaseStep): Promise<void> {
  if (step === 'shipping') loaded.shipping ??= await loaders.shipping();
  else if (step === 'payment') loaded.payment ??= await loaders.payment();
  else if (step === 'review') loaded.review ??= await loaders.review();
}

export const preloadSteps = () => void Promise.all([loadStep('shipping'), loadStep('payment'), loadStep('review')]);

/** A step's component once loadStep has brought it. */
export const stepComponents = (): Readonly<typeof loaded> => loaded;
