import { describe, expect, it } from 'vitest';
import { basketFlash, chooseStep, missingBefore, type Flash, type FlashInput, type FlashType, type StepContext } from '#src/lib/checkout/flash.ts';
import {
  CHECKOUT_STEPS,
  nextStep,
  previousStep,
  progressItems,
  resolveStep,
  skippedSteps,
  stepValue,
  type BaseStep,
} from '#src/lib/checkout/steps.ts';

/**
 * The checkout's step rules in the spec's words: product spec §4 "Step choice from basket flash messages" and
 * "Step tracking", checkout spec §2 "Checkout pages" (progress bar) and §4 "Checkout flow".
 */
const flash = (...types: FlashType[]): Flash[] => types.map((type) => ({ type, message: 'x' }));

const GUEST: StepContext = { signedIn: false, hasShippingMethods: true };
const SIGNED_IN: StepContext = { ...GUEST, signedIn: true };

describe('step choice from basket flash messages (product spec §4)', () => {
  it.each<FlashType>(['ProductItemsRequired', 'ShippingAddressRequired', 'EmailRequired'])(
    '%s: information step (guest and signed in, whatever else is missing)',
    (type) => {
      for (const ctx of [GUEST, SIGNED_IN]) {
        expect(chooseStep(flash(type), ctx)).toBe('information');
        expect(chooseStep(flash('PaymentInstrumentRequired', 'ShippingMethodRequired', type, 'BillingAddressRequired'), ctx)).toBe('information');
      }
    },
  );

  it('ShippingMethodRequired: the shipping step for every shopper until it is submitted, whatever the later steps lack', () => {
    for (const ctx of [GUEST, SIGNED_IN]) {
      expect(chooseStep(flash('ShippingMethodRequired'), ctx)).toBe('shipping');
      expect(chooseStep(flash('ShippingMethodRequired', 'PaymentInstrumentRequired', 'BillingAddressRequired'), ctx)).toBe('shipping');
    }
  });

  it.each<FlashType>(['PaymentInstrumentRequired', 'PaymentInstrumentExpired'])(
    '%s: payment (guest and signed in, with or without shipping methods)',
    (type) => {
      for (const ctx of [GUEST, SIGNED_IN, { ...GUEST, hasShippingMethods: false }, { ...SIGNED_IN, hasShippingMethods: false }]) {
        expect(chooseStep(flash(type), ctx)).toBe('payment');
        expect(chooseStep(flash(type, 'BillingAddressRequired'), ctx)).toBe('payment');
      }
    },
  );

  it('BillingAddressRequired when shipping methods exist: payment, guest and signed in', () => {
    expect(chooseStep(flash('BillingAddressRequired'), GUEST)).toBe('payment');
    expect(chooseStep(flash('BillingAddressRequired'), SIGNED_IN)).toBe('payment');
  });

  it('BillingAddressRequired otherwise: updateBillingAddress for signed-in users, information for guests', () => {
    expect(
      chooseStep(flash('BillingAddressRequired'), {
        ...SIGNED_IN,
        hasShippingMethods: false,
      }),
    ).toBe('updateBillingAddress');
    expect(
      chooseStep(flash('BillingAddressRequired'), {
        ...GUEST,
        hasShippingMethods: false,
      }),
    ).toBe('information');
  });

  it('anything else: review', () => {
    for (const ctx of [GUEST, SIGNED_IN, { ...SIGNED_IN, hasShippingMethods: false }]) expect(chooseStep([], ctx)).toBe('review');
  });
});

describe('the basket flash list', () => {
  const READY: FlashInput = {
    itemCount: 1,
    digitalOnly: false,
    hasEmail: true,
    hasShippingAddress: true,
    shippingMethodConfirmed: true,
    hasBillingAddress: true,
    payment: 'valid',
    amountDue: 4797,
  };
  const types = (b: Partial<FlashInput>) => basketFlash({ ...READY, ...b }).map((f) => f.type);

  it('a bag with everything has no flash message; each missing part names itself, with a message', () => {
    expect(basketFlash(READY)).toEqual([]);
    expect(types({ itemCount: 0 })).toEqual(['ProductItemsRequired']);
    expect(types({ hasEmail: false })).toEqual(['EmailRequired']);
    expect(types({ hasShippingAddress: false })).toEqual(['ShippingAddressRequired']);
    expect(types({ shippingMethodConfirmed: false })).toEqual(['ShippingMethodRequired']);
    expect(types({ hasBillingAddress: false })).toEqual(['BillingAddressRequired']);
    expect(types({ payment: 'none' })).toEqual(['PaymentInstrumentRequired']);
    expect(types({ payment: 'expired' })).toEqual(['PaymentInstrumentExpired']);
    for (const f of basketFlash({
      ...READY,
      itemCount: 0,
      hasEmail: false,
      payment: 'none',
    }))
      expect(f.message.length).toBeGreaterThan(0);
  });

  it('a digital-only bag needs no shipping address and no shipping method', () => {
    expect(
      types({
        digitalOnly: true,
        hasShippingAddress: false,
        shippingMethodConfirmed: false,
      }),
    ).toEqual([]);
  });

  it('a total of zero needs no card', () => {
    expect(types({ amountDue: 0, payment: 'none' })).toEqual([]);
    expect(types({ amountDue: 0, payment: 'expired' })).toEqual([]);
  });

  it('a new guest bag goes to information; once addressed and paid for, to review', () => {
    const fresh = basketFlash({
      ...READY,
      hasEmail: false,
      hasShippingAddress: false,
      shippingMethodConfirmed: false,
      hasBillingAddress: false,
      payment: 'none',
    });
    expect(chooseStep(fresh, GUEST)).toBe('information');
    // Came back after reaching shipping without pressing Continue (the method was saved, not confirmed).
    expect(chooseStep(basketFlash({ ...READY, shippingMethodConfirmed: false, payment: 'none' }), GUEST)).toBe('shipping');
    expect(chooseStep(basketFlash({ ...READY, shippingMethodConfirmed: false }), GUEST)).toBe('shipping');
    expect(chooseStep(basketFlash({ ...READY, payment: 'expired' }), SIGNED_IN)).toBe('payment');
  });
});

describe('a page is submitted only once the pages before it are done (the server enforces it)', () => {
  const READY: FlashInput = {
    itemCount: 1,
    digitalOnly: false,
    hasEmail: true,
    hasShippingAddress: true,
    shippingMethodConfirmed: true,
    hasBillingAddress: false,
    payment: 'none',
    amountDue: 4797,
  };

  it('payment waits for the shipping step to be submitted, and for the information step', () => {
    expect(missingBefore(basketFlash(READY), 'payment')).toBeNull();
    expect(missingBefore(basketFlash({ ...READY, shippingMethodConfirmed: false }), 'payment')?.type).toBe('ShippingMethodRequired');
    expect(missingBefore(basketFlash({ ...READY, hasEmail: false, shippingMethodConfirmed: false }), 'payment')?.type).toBe('EmailRequired');
  });

  it('shipping waits only for information; review waits for everything', () => {
    expect(missingBefore(basketFlash({ ...READY, shippingMethodConfirmed: false }), 'shipping')).toBeNull();
    expect(missingBefore(basketFlash({ ...READY, hasShippingAddress: false }), 'shipping')?.type).toBe('ShippingAddressRequired');
    expect(missingBefore(basketFlash(READY), 'review')?.type).toBe('PaymentInstrumentRequired');
    expect(missingBefore(basketFlash({ ...READY, payment: 'valid', hasBillingAddress: true }), 'review')).toBeNull();
  });

  it('a digital-only bag has no shipping step to wait for', () => {
    expect(
      missingBefore(basketFlash({ ...READY, digitalOnly: true, hasShippingAddress: false, shippingMethodConfirmed: false }), 'payment'),
    ).toBeNull();
  });
});

describe('the page shown (the URL asks, the server’s choice wins when the page is not reachable yet)', () => {
  const guest = { signedIn: false, digitalOnly: false };
  const signedIn = { signedIn: true, digitalOnly: false };
  const digital = { signedIn: false, digitalOnly: true };

  it('a page at or before the server’s choice is shown as asked (Back, reload and a shared link work)', () => {
    expect(resolveStep('information', 'review', guest)).toBe('information');
    expect(resolveStep('shipping', 'review', guest)).toBe('shipping');
    expect(resolveStep('payment', 'payment', guest)).toBe('payment');
    expect(resolveStep('review', 'review', guest)).toBe('review');
    expect(resolveStep('updateEmail', 'payment', guest)).toBe('updateEmail');
  });

  it('the new-card page (createCreditCard) is a payment page: open once payment is reached, for guests and signed-in shoppers', () => {
    expect(resolveStep('createCreditCard', 'review', guest)).toBe('createCreditCard');
    expect(resolveStep('createCreditCard', 'payment', signedIn)).toBe('createCreditCard');
    expect(resolveStep('createCreditCard', 'shipping', guest)).toBe('shipping');
    expect(nextStep('createCreditCard', signedIn)).toBe('review');
  });

  it('a page beyond the server’s choice is not reachable yet: the server’s choice wins', () => {
    expect(resolveStep('review', 'information', guest)).toBe('information');
    expect(resolveStep('payment', 'information', guest)).toBe('information');
    expect(resolveStep('review', 'payment', guest)).toBe('payment');
    expect(resolveStep('shipping', 'information', guest)).toBe('information');
  });

  it('no page, or a page that does not exist, gets the server’s choice', () => {
    expect(resolveStep(null, 'payment', guest)).toBe('payment');
    expect(resolveStep('checkout', 'payment', guest)).toBe('payment');
    expect(resolveStep('toString', 'information', guest)).toBe('information');
    expect(resolveStep('__proto__', 'information', guest)).toBe('information');
  });

  it('a digital-only bag has no shipping page: asked for, it gets the server’s choice, and a shipping choice becomes payment', () => {
    expect(resolveStep('shipping', 'review', digital)).toBe('review');
    expect(
      resolveStep('updateShippingMethod', 'review', {
        ...digital,
        signedIn: true,
      }),
    ).toBe('review');
    expect(resolveStep(null, 'shipping', digital)).toBe('payment');
    expect(resolveStep('payment', 'review', digital)).toBe('payment');
  });

  it('signed-in shoppers are sent to the update variants of the server’s choice', () => {
    expect(resolveStep(null, 'information', signedIn)).toBe('updateShippingAddress');
    expect(resolveStep(null, 'shipping', signedIn)).toBe('updateShippingMethod');
    expect(resolveStep(null, 'payment', signedIn)).toBe('updatePayment');
    expect(resolveStep(null, 'updateBillingAddress', signedIn)).toBe('updateBillingAddress');
    expect(resolveStep(null, 'review', signedIn)).toBe('review');
    expect(resolveStep('review', 'payment', signedIn)).toBe('updatePayment');
    expect(resolveStep('updateShippingMethod', 'review', signedIn)).toBe('updateShippingMethod');
    expect(resolveStep('updatePayment', 'information', signedIn)).toBe('updateShippingAddress');
  });

  it('a guest asking for a signed-in page gets the base page when it is reached, else the server’s choice', () => {
    expect(resolveStep('updatePayment', 'review', guest)).toBe('payment');
    expect(resolveStep('updateShippingMethod', 'review', guest)).toBe('shipping');
    expect(resolveStep('updateBillingAddress', 'review', guest)).toBe('payment');
    expect(resolveStep('updatePayment', 'information', guest)).toBe('information');
  });

  it('every page name resolves to a page (never undefined)', () => {
    for (const requested of CHECKOUT_STEPS)
      for (const chosen of CHECKOUT_STEPS)
        for (const rules of [guest, signedIn, digital]) expect(CHECKOUT_STEPS).toContain(resolveStep(requested, chosen, rules));
  });
});

describe('next and previous page (checkout spec §4 "Checkout flow")', () => {
  const guest = { signedIn: false, digitalOnly: false };
  const signedIn = { signedIn: true, digitalOnly: false };
  const digital = { signedIn: false, digitalOnly: true };

  it('submitting a page moves to the next: information, shipping, payment, review', () => {
    expect(nextStep('information', guest)).toBe('shipping');
    expect(nextStep('shipping', guest)).toBe('payment');
    expect(nextStep('payment', guest)).toBe('review');
    expect(nextStep('review', guest)).toBe('review');
    expect(nextStep('createShippingAddress', guest)).toBe('shipping');
    expect(nextStep('createBillingAddress', guest)).toBe('review');
  });

  it('digital-only baskets skip shipping and go to the page after it', () => {
    expect(nextStep('information', digital)).toBe('payment');
    expect(previousStep('payment', digital)).toBe('information');
  });

  it('signed-in shoppers move between the update variants', () => {
    expect(nextStep('updateShippingAddress', signedIn)).toBe('updateShippingMethod');
    expect(nextStep('updateShippingMethod', signedIn)).toBe('updatePayment');
    expect(nextStep('updatePayment', signedIn)).toBe('review');
    expect(previousStep('review', signedIn)).toBe('updatePayment');
    expect(previousStep('updatePayment', signedIn)).toBe('updateShippingMethod');
    expect(previousStep('updateShippingMethod', signedIn)).toBe('updateShippingAddress');
  });

  it('back from each page; there is none before information', () => {
    expect(previousStep('review', guest)).toBe('payment');
    expect(previousStep('payment', guest)).toBe('shipping');
    expect(previousStep('shipping', guest)).toBe('information');
    expect(previousStep('information', guest)).toBeNull();
    expect(previousStep('updateEmail', guest)).toBeNull();
  });
});

describe('the progress bar (checkout spec §2 "Checkout pages")', () => {
  const shape = (items: ReturnType<typeof progressItems>) => items.map((i) => `${i.label}${i.current ? '*' : ''}${i.link ? ' link' : ''}`);

  it('Information, Shipping, Payment; a step is a link only when it is not the current one and has been reached', () => {
    expect(shape(progressItems('information', 'information', false))).toEqual(['Information*', 'Shipping', 'Payment']);
    expect(shape(progressItems('shipping', 'shipping', false))).toEqual(['Information link', 'Shipping*', 'Payment']);
    expect(shape(progressItems('information', 'payment', false))).toEqual(['Information*', 'Shipping link', 'Payment link']);
    expect(shape(progressItems('payment', 'review', false))).toEqual(['Information link', 'Shipping link', 'Payment*']);
    expect(shape(progressItems('review', 'review', false))).toEqual(['Information link', 'Shipping link', 'Payment link']);
  });

  it('the update variants count as their step', () => {
    expect(shape(progressItems('updateShippingMethod', 'updatePayment', false))).toEqual(['Information link', 'Shipping*', 'Payment link']);
  });

  it('Shipping is hidden for digital-only orders', () => {
    expect(shape(progressItems('payment', 'payment', true))).toEqual(['Information link', 'Payment*']);
    expect(shape(progressItems('information', 'information', true))).toEqual(['Information*', 'Payment']);
  });
});

describe('step tracking (product spec §4 "Step tracking")', () => {
  it('each page maps to its step value; a signed-in entry shows as 0_a', () => {
    expect(stepValue('information', false)).toBe('0');
    expect(stepValue('information', true)).toBe('0_a');
    expect(stepValue('updateShippingAddress', true)).toBe('0_a');
    expect(stepValue('shipping', false)).toBe('1');
    expect(stepValue('updateShippingMethod', true)).toBe('1');
    expect(stepValue('payment', true)).toBe('2');
    expect(stepValue('review', false)).toBe('3');
  });

  it('skipped steps derive from the visited set (a digital-only bag never skips shipping)', () => {
    const visited = (...steps: BaseStep[]) => new Set<BaseStep>(steps);
    expect(skippedSteps('review', visited('information', 'shipping', 'payment'), false)).toEqual([]);
    expect(skippedSteps('review', visited('information'), false)).toEqual(['1', '2']);
    expect(skippedSteps('payment', visited(), false)).toEqual(['0', '1']);
    expect(skippedSteps('payment', visited('information'), true)).toEqual([]);
    expect(skippedSteps('information', visited(), false)).toEqual([]);
  });
});
