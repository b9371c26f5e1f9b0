import { useId, useState } from 'react';
import { OrderSummary } from '../bag/OrderSummary.tsx';
import type { BasketView } from '#src/lib/commerce-types.ts';
import { formatCents } from '#src/lib/money.ts';
import { FINAL_SALE_MESSAGE } from '#src/lib/sale-messages.ts';
import { thumbImage } from '#src/lib/images/image-urls.ts';
import { describeLineItem } from '#src/lib/line-details.ts';

/**
 * The order summary beside the steps, with the bag's lines in their compact checkout view; on small screens it
 * folds behind a toggle that shows the order total (checkout spec §2 "a mobile order-summary toggle"), the same full
 * total the summary shows, whatever gift cards and rewards then pay of it.
 */
export function CheckoutSummary({ basket }: { basket: BasketView }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <aside className="checkout-summary" aria-labelledby={`${id}-heading`}>
      <button type="button" className="checkout-summary-toggle" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen(!open)}>
        <span>{open ? 'Hide order summary' : 'Show order summary'}</span>
        <span className="checkout-summary-toggle-total">{formatCents(basket.c_summary.orderTotal)}</span>
      </button>
      <div id={`${id}-body`} className={open ? 'checkout-summary-body open' : 'checkout-summary-body'}>
        <h2 id={`${id}-heading`}>Order Summary</h2>
        <CheckoutLines basket={basket} />
        <OrderSummary summary={basket.c_summary} place="checkout" />
      </div>
    </aside>
  );
}

/** The bag's lines in their compact checkout view: image, name, details, quantity and price. */
export function CheckoutLines({ basket }: { basket: BasketView }) {
  return (
    <ul className="checkout-lines">
      {basket.productItems.map((line) => {
        const described = describeLineItem(line);
        return (
          <li key={line.itemId} className="checkout-line">
            <img {...thumbImage(line.c_productImageUrl)} alt="" width="64" height="80" loading="lazy" />
            <div>
              <p className="checkout-line-name">{line.productName}</p>
              {[described.attributes, ...described.options].filter(Boolean).map((text) => (
                <p key={text} className="checkout-line-details">
                  {text}
                </p>
              ))}
              <p className="checkout-line-qty">Qty {line.quantity}</p>
              {described.finalSale && <p className="line-final-sale">{FINAL_SALE_MESSAGE}</p>}
            </div>
            <p className="checkout-line-price">
              {formatCents(line.price)}
              {described.originalTotal !== null && (
                <s>
                  <span className="visually-hidden">was </span>
                  {formatCents(described.originalTotal)}
                </s>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
