import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import type { BasketView, ShippingMethodView } from '#src/lib/commerce-types.ts';
import { formatCents } from '#src/lib/money.ts';
import { methodWithDelivery } from '#src/lib/shipping-methods.ts';
import { STANDARD_DELIVERY_ONLY_MESSAGE } from '#src/lib/constants.ts';
import { stateName } from '#src/lib/us-states.ts';
import { $bag, $bagError, chooseShippingMethod, loadBag } from '#src/lib/stores/bag.ts';
import { LineItem } from './LineItem.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { PromoCodeForm } from './PromoCodeForm.tsx';
import { GiftCardBalanceDialog } from '../gift-cards/GiftCardBalanceDialog.tsx';
import { BonusOffer } from './BonusOffer.tsx';
import { PackageProtection } from '../protection/PackageProtection.tsx';
import './bag.css';

interface Props {
  /** The bag as the server rendered the page (the /cart page renders on demand), so it shows at once. */
  initial?: BasketView;
  initialMethods?: ShippingMethodView[];
  /** The checkout sent the shopper back because a line cannot ship to the bag's state (?isRestrictedShippingItem=true). */
  fromRestrictedCheckout?: boolean;
}

/** The bag page: lines with their full action row, shipping method, codes, and the server's totals. */
export function BagPage({ initial, initialMethods = [], fromRestrictedCheckout = false }: Props) {
  // Until the shared store has the bag, the server's copy renders (never written to the store during SSR,
  // where a module-level store would be shared between visitors).
  const bag = useStore($bag) ?? initial ?? null;
  const error = useStore($bagError);
  const [methods, setMethods] = useState<ShippingMethodView[]>(initialMethods);
  // A message handed over by sign-in when the bag merge changed something (see after-sign-in.ts).
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (initial && !$bag.get()) $bag.set(initial);
    void loadBag();
    const handed = sessionStorage.getItem('bagNotice');
    if (handed) {
      sessionStorage.removeItem('bagNotice');
      setNotice(handed);
    }
  }, [initial]);
  const subTotal = bag?.c_summary.subTotal;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the subtotal and the standard-only flag are the triggers: the methods on offer depend on them
  useEffect(() => {
    callApi(API.shippingMethods).then((r) => {
      if (r.ok) setMethods(r.body.applicableShippingMethods);
    });
  }, [subTotal, bag?.c_standardDeliveryOnly]);

  // When the last line leaves while the shopper is here (Remove), focus goes to the empty bag's heading.
  const lineCount = bag?.productItems.length ?? 0;
  const hadLines = useRef(lineCount > 0);
  const emptyHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (lineCount === 0 && hadLines.current) emptyHeading.current?.focus();
    hadLines.current = lineCount > 0;
  }, [lineCount]);

  if (!bag) return <p aria-busy="true">Loading your bag…</p>;
  // What changed in the bag without the shopper asking (a free gift that left), told once by the server.
  const changes = bag.c_notices.map((n) => (
    <p key={n} className="notice notice-caution" role="status">
      {n}
    </p>
  ));
  if (bag.productItems.length === 0) {
    return (
      <div className="empty-bag">
        <h2 ref={emptyHeading} tabIndex={-1}>
          Your bag is empty
        </h2>
        {changes}
        <p>
          <a href="/">Continue shopping</a>
        </p>
      </div>
    );
  }
  const selected = bag.shipments[0]?.shippingMethod.id;
  const shipState = bag.shipments[0]?.shippingAddress?.stateCode;
  const restricted = bag.productItems.some((i) => i.showRestrictedShippingStateMessage);
  return (
    <div className="bag-layout">
      <div>
        {notice && (
          <p className="notice notice-caution" role="status">
            {notice}
          </p>
        )}
        {changes}
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
        {fromRestrictedCheckout && restricted && (
          <p className="notice notice-error" role="alert">
            {`Some items in your bag cannot be shipped to ${shipState ? stateName(shipState) : 'the state you chose'}. Remove them to continue to checkout.`}
          </p>
        )}
        {bag.bonusDiscountLineItems.map((offer) => (
          <BonusOffer key={offer.id} offer={offer} />
        ))}
        <ul className="lines" aria-label="Items in your bag">
          {bag.productItems.map((item) => (
            <LineItem key={item.itemId} item={item} />
          ))}
        </ul>
      </div>
      <aside aria-label="Order summary">
        {!bag.c_summary.isDigitalItemsOnly && methods.length > 0 && (
          <fieldset className="shipping">
            <legend>Shipping method</legend>
            {bag.c_standardDeliveryOnly && <p className="notice notice-caution">{STANDARD_DELIVERY_ONLY_MESSAGE}</p>}
            {methods.map((m) => (
              <label key={m.id}>
                <input type="radio" name="shipping" value={m.id} checked={m.id === selected} onChange={() => chooseShippingMethod(m.id)} />
                {methodWithDelivery(m)} — {m.price === 0 ? 'Free' : formatCents(m.price)}
              </label>
            ))}
          </fieldset>
        )}
        {/* Package protection as the checkout applies it, so the bag's total is the one the checkout charges. */}
        <PackageProtection basket={bag} onError={(message) => $bagError.set(message)} />
        <OrderSummary summary={bag.c_summary} />
        {/* The same label and target as the mini bag's, so the bag page leads on to checkout too. */}
        <a className="button bag-checkout" href="/checkout">
          Checkout now
        </a>
        <PromoCodeForm initial={initial ?? null} />
        <GiftCardBalanceDialog />
      </aside>
    </div>
  );
}
