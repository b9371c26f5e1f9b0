import { useState, type RefObject } from 'react';
import type { CheckoutView } from '#src/lib/checkout/checkout-types.ts';
import { STANDARD_DELIVERY_ONLY_MESSAGE } from '#src/lib/constants.ts';
import { formatCents } from '#src/lib/money.ts';
import { submitShippingMethod } from '#src/lib/stores/checkout.ts';
import { StepForm } from './StepForm.tsx';
import { MethodDetails, ShippingOptions } from './ShippingExtras.tsx';

interface Props {
  view: CheckoutView;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDone(): void;
  onError(message: string): void;
}

/**
 * The shipping page: Standard Delivery (Regular), Express, SuperFast with their delivery time, note and price (and the price before a promotion). Choosing one
 * saves it at once, so leaving the step without submitting keeps the choice (checkout spec §4); Continue submits it.
 */
export function ShippingStep({ view, headingRef, onDone, onError }: Props) {
  const saved = view.basket.shipments[0]?.shippingMethod.id ?? view.shippingMethods[0]?.id ?? '';
  const [selected, setSelected] = useState(saved);
  const [busy, setBusy] = useState(false);

  const choose = async (id: string) => {
    setSelected(id);
    const r = await submitShippingMethod(id, false);
    if (!r.ok) {
      setSelected(saved);
      onError(r.message);
    }
  };
  const submit = async () => {
    setBusy(true);
    const r = await submitShippingMethod(selected, true);
    setBusy(false);
    if (!r.ok) return onError(r.message);
    onDone();
  };

  return (
    <StepForm
      headingRef={headingRef}
      title="Shipping Method"
      valid={!!selected}
      busy={busy}
      submitLabel="Continue to Payment"
      onInvalid={() => {}}
      onSubmit={() => void submit()}
    >
      <fieldset className="checkout-fieldset shipping-methods">
        <legend className="visually-hidden">Shipping method</legend>
        {view.basket.c_standardDeliveryOnly && <p className="notice notice-caution">{STANDARD_DELIVERY_ONLY_MESSAGE}</p>}
        {view.shippingMethods.map((m) => (
          <label key={m.id} className="shipping-method">
            <input type="radio" name="shipping-method" value={m.id} checked={selected === m.id} onChange={() => void choose(m.id)} />
            <span className="shipping-method-name">
              {m.name}
              <small>{m.description}</small>
              {m.c_shippingMethodLabel && <small>{m.c_shippingMethodLabel}</small>}
              <MethodDetails method={m} />
            </span>
            <span className="shipping-method-price">
              {m.originalPrice > m.price && (
                <s>
                  <span className="visually-hidden">was </span>
                  {formatCents(m.originalPrice)}
                </s>
              )}{' '}
              {m.price === 0 ? 'Free' : formatCents(m.price)}
            </span>
          </label>
        ))}
      </fieldset>
      <ShippingOptions basket={view.basket} onError={onError} />
    </StepForm>
  );
}
