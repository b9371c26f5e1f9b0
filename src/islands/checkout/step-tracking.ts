import { sendPageLoad } from '#src/lib/analytics/data-layer.ts';
import type { CheckoutView } from '#src/lib/checkout/checkout-types.ts';
import { isCheckoutStep, baseStep, skippedSteps, stepValue, type BaseStep } from '#src/lib/checkout/steps.ts';

/**
 * Step tracking (product spec §4): each step shown is sent with POST /api/global/analytics/pageload/ with its step
 * value (a signed-in entry is 0_a) and the steps skipped, derived from the steps visited in this tab; guest and
 * signed-in progress are kept apart. The reply is merged into the page's analytics data (window.dataLayer).
 */
const visitedKey = (signedIn: boolean) => `checkout-visited:${signedIn ? 'registered' : 'guest'}`;

function visited(signedIn: boolean): Set<BaseStep> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(visitedKey(signedIn)) ?? '[]') as BaseStep[]);
  } catch {
    return new Set();
  }
}

export function trackStep(view: CheckoutView, step: string | null, entry: boolean): void {
  if (!isCheckoutStep(step)) return;
  const seen = visited(view.signedIn);
  const payload = {
    page_type: 'checkout' as const,
    page_name: step,
    step_value: stepValue(step, entry && view.signedIn),
    skipped_steps: skippedSteps(step, seen, view.basket.c_summary.isDigitalItemsOnly),
    checkout_entry_step: entry,
    authenticated: view.signedIn,
    basketId: view.basket.basketId,
  };
  seen.add(baseStep(step));
  sessionStorage.setItem(visitedKey(view.signedIn), JSON.stringify([...seen]));
  void sendPageLoad(payload);
}
