import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { checkoutBlocker } from '#src/lib/bag-line-rules.ts';
import type { CheckoutView } from '#src/lib/checkout/checkout-types.ts';
import { chooseStep, type CheckoutStep } from '#src/lib/checkout/flash.ts';
import { baseStep, BASE_STEPS, nextStep, previousStep, resolveStep, type StepRules } from '#src/lib/checkout/steps.ts';
import { isSwipeBack, type TouchPoint } from '#src/lib/checkout/swipe.ts';
import { $checkoutDraft, fillDraftFrom, startDraft, updateDraft } from '#src/lib/stores/checkout-draft.ts';
import { $checkout, $checkoutAlert, loadCheckout, setCheckoutAlert } from '#src/lib/stores/checkout.ts';
import { CheckoutSummary } from './CheckoutSummary.tsx';
import { InformationStep } from './InformationStep.tsx';
import { ExpressSignIn } from './express/ExpressSignIn.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { loadStep, preloadSteps, stepComponents } from './step-modules.ts';
import { focusAfterScroll } from './step-focus.ts';
import { trackStep } from './step-tracking.ts';
import './checkout.css';
// The express block's styles (PayPal's buttons on the payment step, a PayPal payment kept from the bag) are part of the
// checkout's own stylesheet: the later steps' modules bring none of their own.
import './express/express-checkout.css';

const rulesOf = (view: CheckoutView): StepRules => ({ signedIn: view.signedIn, digitalOnly: view.basket.c_summary.isDigitalItemsOnly });

/** The server's choice for this checkout now (product spec §4 "Step choice from basket flash messages"). */
const serverChoice = (view: CheckoutView): CheckoutStep =>
  chooseStep(view._flash, { signedIn: view.signedIn, hasShippingMethods: view.shippingMethods.length > 0 });

const later = (a: CheckoutStep, b: CheckoutStep) => (BASE_STEPS.indexOf(baseStep(a)) >= BASE_STEPS.indexOf(baseStep(b)) ? a : b);

/**
 * The checkout: the step is in the URL (?step=…), so Back, Forward, reload and a shared link work; when the step
 * asked for cannot be reached yet the server's choice wins. Each step change scrolls to the top and moves focus to
 * the step's heading; a swipe back on touch goes to the previous step.
 */
/** The payment page's heading by its variant (product spec §2 "Checkout page names"). */
const paymentTitle = (step: CheckoutStep) =>
  step === 'updateBillingAddress' || step === 'createBillingAddress' ? 'Billing Address' : step === 'createCreditCard' ? 'New Card' : 'Payment';

export function CheckoutApp() {
  const view = useStore($checkout);
  const alert = useStore($checkoutAlert);
  const [step, setStep] = useState<CheckoutStep | null>(null);
  const [reached, setReached] = useState<CheckoutStep>('information');
  const heading = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  /** Where focus goes once the step has painted, and what held focus when that was asked. */
  const focusNext = useRef<{ target: 'heading' | 'alert'; from: Element | null } | null>(null);
  const touch = useRef<TouchPoint | null>(null);

  const show = (next: CheckoutStep, how: 'push' | 'replace', focus: 'heading' | 'alert' = 'heading') => {
    void loadStep(next).then(() => showLoaded(next, how, focus));
  };
  const showLoaded = (next: CheckoutStep, how: 'push' | 'replace', focus: 'heading' | 'alert') => {
    const url = new URL(window.location.href);
    url.searchParams.set('step', next);
    if (how === 'push') window.history.pushState({ step: next }, '', url);
    else window.history.replaceState({ step: next }, '', url);
    setStep(next);
    setReached((r) => later(r, next));
    focusNext.current = { target: focus, from: document.activeElement };
    window.scrollTo({ top: 0 });
  };

  const settle = (current: CheckoutView, how: 'push' | 'replace', focus: 'heading' | 'alert' = 'heading') => {
    const requested = new URL(window.location.href).searchParams.get('step');
    const chosen = serverChoice(current);
    setReached((r) => later(r, chosen));
    show(resolveStep(requested, chosen, rulesOf(current)), how, focus);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: mounts once; later reads go through the stores
  useEffect(() => {
    startDraft();
    void loadCheckout().then((r) => {
      const current = $checkout.get();
      if (!r.ok || !current) return setCheckoutAlert(r.ok ? null : r.message);
      const blocker = checkoutBlocker(current.basket);
      if (blocker) return window.location.replace(blocker);
      fillDraftFrom(current);
      settle(current, 'replace');
      trackStep(current, new URL(window.location.href).searchParams.get('step'), true);
    });
    const onPop = () => {
      const current = $checkout.get();
      if (current) settle(current, 'replace');
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
    };
  }, []);

  useEffect(() => {
    const pending = focusNext.current;
    if (!pending) return;
    const target = pending.target === 'alert' ? alertRef.current : heading.current;
    // Cleared only once done: a render in between (a store update) cancels this timer and the next run starts another.
    return focusAfterScroll(target, pending.from, () => {
      focusNext.current = null;
    });
  });

  // The page's frame of the first step (CheckoutPlaceholder.tsx, drawn by the page as HTML) goes in the same paint as
  // the step, or the reason there is none, comes.
  const ready = (!!view && !!step) || !!alert;
  useLayoutEffect(() => {
    if (ready) document.querySelector('[data-checkout-placeholder]')?.remove();
  }, [ready]);

  if (!view || !step) {
    return alert ? (
      <div className="checkout-loading">
        <p className="notice notice-error" role="alert">
          {alert}
        </p>
      </div>
    ) : null;
  }

  const rules = rulesOf(view);
  const go = (next: CheckoutStep) => {
    setCheckoutAlert(null);
    show(next, 'push');
    trackStep(view, next, false);
  };
  const change = (target: CheckoutStep) => {
    updateDraft({ returnTo: step });
    go(target);
  };
  const done = () => {
    const current = $checkout.get() ?? view;
    // A line that cannot ship to the address just given sends the shopper to the bag, as entering checkout does.
    const blocker = checkoutBlocker(current.basket);
    if (blocker) return window.location.assign(blocker);
    const back = $checkoutDraft.get().returnTo;
    updateDraft({ returnTo: null });
    go(back && back !== step ? (back as CheckoutStep) : nextStep(step, rulesOf(current)));
  };
  const failed = (message: string) => {
    setCheckoutAlert(message);
    focusNext.current = { target: 'alert', from: document.activeElement };
    window.scrollTo({ top: 0 });
  };
  const orderFailed = async (message: string) => {
    (await import('#src/lib/stores/checkout-card.ts')).resetCardEntry();
    await loadCheckout();
    setCheckoutAlert(message);
    const current = $checkout.get();
    if (current) settle(current, 'push', 'alert');
  };

  const base = baseStep(step);
  const { shipping: ShippingStep, payment: PaymentStep, promo: PromoCodeForm, review: ReviewStep, completed: CompletedSummary } = stepComponents();
  const onTouchStart = (e: React.TouchEvent) => {
    const t = e.touches[0];
    if (t) touch.current = { x: t.clientX, y: t.clientY, time: e.timeStamp };
  };
  const onTouchEnd = (e: React.TouchEvent) => {
    const t = e.changedTouches[0];
    const start = touch.current;
    touch.current = null;
    if (!t || !start) return;
    const prev = previousStep(step, rules);
    if (prev && isSwipeBack(start, { x: t.clientX, y: t.clientY, time: e.timeStamp })) go(prev);
  };

  return (
    <div className="checkout-layout">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a key or a press in the step only starts loading the later steps */}
      {/* biome-ignore lint/a11y/noNoninteractiveElementInteractions: as above */}
      <div className="checkout-main" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd} onKeyDown={preloadSteps} onPointerDown={preloadSteps}>
        <h1 className="visually-hidden">Checkout</h1>
        <ProgressBar step={step} reached={reached} digitalOnly={rules.digitalOnly} signedIn={view.signedIn} onGo={go} />
        {alert && (
          <p className="notice notice-error" role="alert" ref={alertRef} tabIndex={-1}>
            {alert}
          </p>
        )}
        {CompletedSummary && <CompletedSummary view={view} step={step} onChange={change} />}
        {step === 'information' && <ExpressSignIn signedIn={view.signedIn} itemCount={view.basket.productItems.length} />}
        {base === 'information' && <InformationStep key={step} view={view} step={step} headingRef={heading} onDone={done} onError={failed} />}
        {base === 'shipping' && ShippingStep && <ShippingStep view={view} headingRef={heading} onDone={done} onError={failed} />}
        {/* Gift cards and codes before the card: what they pay decides whether a card is needed at all. */}
        {(step === 'payment' || step === 'updatePayment') && PromoCodeForm ? <PromoCodeForm pageType="checkout" /> : null}
        {base === 'payment' && PaymentStep && (
          <PaymentStep
            view={view}
            billingOnly={step === 'updateBillingAddress' || step === 'createBillingAddress'}
            newCardOnly={step === 'createCreditCard'}
            title={paymentTitle(step)}
            headingRef={heading}
            onDone={done}
            onError={failed}
          />
        )}
        {base === 'review' && ReviewStep && <ReviewStep view={view} headingRef={heading} onFailed={(m) => void orderFailed(m)} />}
      </div>
      <CheckoutSummary basket={view.basket} />
    </div>
  );
}
