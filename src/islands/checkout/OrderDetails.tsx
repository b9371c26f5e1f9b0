import { Fragment } from 'react';
import type { CheckoutAddress, OrderConfirmationView } from '#src/lib/checkout/checkout-types.ts';
import { thumbImage } from '#src/lib/images/image-urls.ts';
import { formatCents } from '#src/lib/money.ts';
import { nameLines } from '#src/lib/name-parts.ts';
import { OrderSummary } from '../bag/OrderSummary.tsx';
import './order-confirmation.css';

/** Two addresses are the same when every field is (a billing address the shopper said was the shipping one). */
const sameAddress = (a: CheckoutAddress, b: CheckoutAddress) =>
  (Object.keys(a) as (keyof CheckoutAddress)[]).every((k) => (a[k] ?? '') === (b[k] ?? ''));

function Address({ a }: { a: CheckoutAddress }) {
  return (
    <address>
      {nameLines(a.firstName, a.lastName).map((line) => (
        <Fragment key={line}>
          {line}
          <br />
        </Fragment>
      ))}
      {a.company && (
        <>
          {a.company}
          <br />
        </>
      )}
      {a.address1}
      {a.address2 && `, ${a.address2}`}
      <br />
      {a.city}, {a.stateCode} {a.postalCode}
      {a.phone && (
        <>
          <br />
          {a.phone}
        </>
      )}
    </address>
  );
}

/**
 * A placed order's lines, its summary with every payment and its amount, where it ships and how, and where it is
 * billed: the confirmation page and the order's page (/orders/{number}) show the same.
 */
export function OrderDetails({ order }: { order: OrderConfirmationView }) {
  const billing =
    order.billingAddress && !(order.shippingAddress && sameAddress(order.billingAddress, order.shippingAddress)) ? order.billingAddress : null;
  return (
    <div className="confirm-layout">
      <section aria-labelledby="confirm-items">
        <h2 id="confirm-items">Items in your order</h2>
        <ul className="lines confirm-lines">
          {order.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never change order; the same product may be on two lines
            <li key={i} className="confirm-line">
              <img {...thumbImage(l.imageUrl)} alt="" width="72" height="90" loading="lazy" />
              <div>
                <p className="confirm-line-name">{l.productName}</p>
                {l.details.map((text) => (
                  <p key={text} className="confirm-line-details">
                    {text}
                  </p>
                ))}
                <p>Qty: {l.quantity}</p>
              </div>
              <p className="confirm-line-total">
                <span className="visually-hidden">Line total </span>
                {formatCents(l.lineTotal)}
                {l.originalTotal !== null && (
                  <s>
                    <span className="visually-hidden">was </span>
                    {formatCents(l.originalTotal)}
                  </s>
                )}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <aside className="confirm-side" aria-label="Order details">
        <h2>Order summary</h2>
        <OrderSummary summary={order.summary} place="order" payments={order.payments} />
        {order.shippingAddress && (
          <>
            <h3>Ship to</h3>
            <Address a={order.shippingAddress} />
          </>
        )}
        {order.delivery && (
          <>
            <h3>Shipping method</h3>
            <p>
              {order.delivery.name}
              {order.delivery.delivery && (
                <>
                  <br />
                  {order.delivery.delivery}
                </>
              )}
            </p>
          </>
        )}
        {billing && (
          <>
            <h3>Billing address</h3>
            <Address a={billing} />
          </>
        )}
      </aside>
    </div>
  );
}
