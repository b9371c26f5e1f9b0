import type { CheckoutStep } from './flash.ts';

/**
 * The checkout's pages in order, what each belongs to, and which the shopper may open: the URL names the page
 * (so Back, Forward, reload and a shared link work) and the server's choice wins when the page asked for cannot be
 * reached yet (checkout spec §2 "Checkout pages", product spec §4 "Step tracking").
 */
export type BaseStep = 'information' | 'shipping' | 'payment' | 'review';

export const BASE_STEPS: readonly BaseStep[] = ['information', 'shipping', 'payment', 'review'];

const BASE_OF: Record<CheckoutStep, BaseStep> = {
  information: 'information',
  updateEmail: 'information',
  updateShippingAddress: 'information',
  createShippingAddress: 'information',
  shipping: 'shipping',
  updateShippingMethod: 'shipping',
  payment: 'payment',
  updatePayment: 'payment',
  updateBillingAddress: 'payment',
  createBillingAddress: 'payment',
  createCreditCard: 'payment',
  review: 'review',
};

export const CHECKOUT_STEPS = Object.keys(BASE_OF) as CheckoutStep[];

export const isCheckoutStep = (value: string | null): value is CheckoutStep => value !== null && Object.hasOwn(BASE_OF, value);

export const baseStep = (step: CheckoutStep): BaseStep => BASE_OF[step];
const order = (step: CheckoutStep) => BASE_STEPS.indexOf(BASE_OF[step]);

/** Signed-in shoppers are sent to the update variants of information (their address), shipping and payment. */
export function variantFor(step: CheckoutStep, signedIn: boolean): CheckoutStep {
  if (!signedIn) return step;
  if (step === 'information') return 'updateShippingAddress';
  if (step === 'shipping') return 'updateShippingMethod';
  if (step === 'payment') return 'updatePayment';
  return step;
}

export interface StepRules {
  signedIn: boolean;
  digitalOnly: boolean;
}

/**
 * The page to show: the one asked for when it is at or before the server's choice (a page already reached), else
 * the server's choice. Digital-only bags have no shipping page; guests have no update variants for addresses they
 * have not saved (createShippingAddress / createBillingAddress / createCreditCard are small-screen pages for both).
 */
export function resolveStep(requested: string | null, chosen: CheckoutStep, rules: StepRules): CheckoutStep {
  const fallback = variantFor(rules.digitalOnly && baseStep(chosen) === 'shipping' ? 'payment' : chosen, rules.signedIn);
  if (!isCheckoutStep(requested)) return fallback;
  if (rules.digitalOnly && baseStep(requested) === 'shipping') return fallback;
  if (!rules.signedIn && (requested === 'updateBillingAddress' || requested === 'updateShippingMethod' || requested === 'updatePayment')) {
    return order(requested) <= order(chosen) ? baseStep(requested) : fallback;
  }
  return order(requested) <= order(chosen) ? requested : fallback;
}

/** The page after this one once it is submitted (digital-only bags skip shipping). */
export function nextStep(step: CheckoutStep, rules: StepRules): CheckoutStep {
  const base = baseStep(step);
  const i = BASE_STEPS.indexOf(base);
  let next = BASE_STEPS[Math.min(i + 1, BASE_STEPS.length - 1)] as BaseStep;
  if (next === 'shipping' && rules.digitalOnly) next = 'payment';
  return variantFor(next, rules.signedIn);
}

/** The page before this one (swipe back, the Back link). */
export function previousStep(step: CheckoutStep, rules: StepRules): CheckoutStep | null {
  const i = BASE_STEPS.indexOf(baseStep(step));
  if (i === 0) return null;
  let prev = BASE_STEPS[i - 1] as BaseStep;
  if (prev === 'shipping' && rules.digitalOnly) prev = 'information';
  return variantFor(prev, rules.signedIn);
}

export interface ProgressItem {
  step: BaseStep;
  label: string;
  current: boolean;
  /** A link: not the current page and already reached. */
  link: boolean;
}

/** The progress bar: Information, Shipping (not for digital-only bags), Payment (checkout spec §2). */
export function progressItems(current: CheckoutStep, reached: CheckoutStep, digitalOnly: boolean): ProgressItem[] {
  const items: { step: BaseStep; label: string }[] = [
    { step: 'information', label: 'Information' },
    ...(digitalOnly ? [] : [{ step: 'shipping' as const, label: 'Shipping' }]),
    { step: 'payment', label: 'Payment' },
  ];
  const currentBase = baseStep(current);
  return items.map(({ step, label }) => ({
    step,
    label,
    current: step === currentBase,
    link: step !== currentBase && BASE_STEPS.indexOf(step) <= BASE_STEPS.indexOf(baseStep(reached)),
  }));
}

/** Step values for tracking: a signed-in entry shows as 0_a (product spec §4 "Step tracking"). */
export function stepValue(step: CheckoutStep, signedInEntry: boolean): string {
  const i = BASE_STEPS.indexOf(baseStep(step));
  return i === 0 && signedInEntry ? '0_a' : String(i);
}

/** Steps before this one that were never visited, in order (their step values). */
export function skippedSteps(step: CheckoutStep, visited: ReadonlySet<BaseStep>, digitalOnly: boolean): string[] {
  const i = BASE_STEPS.indexOf(baseStep(step));
  return BASE_STEPS.slice(0, i)
    .filter((s) => !visited.has(s) && !(digitalOnly && s === 'shipping'))
    .map((s) => String(BASE_STEPS.indexOf(s)));
}
