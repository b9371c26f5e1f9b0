import { useEffect, useRef, useState } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import type { CheckoutAddress, OrderConfirmationView } from '#src/lib/checkout/checkout-types.ts';
import { NO_RECENT_ORDER } from '#src/lib/checkout/order-messages.ts';
import { formatCents } from '#src/lib/money.ts';
import { OrderSummary } from '../bag/OrderSummary.tsx';
import { EmailSignup } from './EmailSignup.tsx';
import { OrderRecommendations } from './OrderRecommendations.tsx';
import { RegisterAfterOrder } from './RegisterAfterOrder.tsx';
import { thumbImage } from '#src/lib/images/image-urls.ts';
import { PAYMENT_METHOD_LABELS } from '#src/lib/payment-method-names.ts';
import './order-confirmation.css';

type Load = { kind: 'loading' } | { kind: 'missing' } | { kind: 'error'; message: string } | { kind: 'shown'; order: OrderConfirmationView };

function Address({ a }: { a: CheckoutAddress }) {
  return (
    <address>
      {a.firstName} {a.lastName}
      <br />
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
 * /order-confirmation (checkout spec §2): the order this browser just placed, read through its httpOnly order
 * cookie; then e-mail sign-up, account creation for a guest order, and recommendations. Focus goes to the heading
 * once the order shows.
 */
export function OrderConfirmation() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    callApi(API.orderConfirmation).then((r) => {
      if (r.ok) setLoad({ kind: 'shown', order: r.body.order });
      else if (r.status === 404) setLoad({ kind: 'missing' });
      else setLoad({ kind: 'error', message: r.message });
    });
  }, []);

  useEffect(() => {
    if (load.kind !== 'loading') heading.current?.focus();
  }, [load.kind]);

  if (load.kind === 'loading') return <p role="status">Loading your order…</p>;
  if (load.kind !== 'shown') {
    return (
      <section className="confirm-missing">
        <h1 ref={heading} tabIndex={-1}>
          {load.kind === 'missing' ? NO_RECENT_ORDER : 'Your order could not be shown'}
        </h1>
        {load.kind === 'error' && <p className="notice notice-error">{load.message}</p>}
        <p>
          <a href="/orders">Track an order</a> or <a href="/home">continue shopping</a>.
        </p>
      </section>
    );
  }

  const { order } = load;
  return (
    <div className="confirm">
      <header className="confirm-head">
        <h1 ref={heading} tabIndex={-1}>
          Thank you for your order
        </h1>
        <p className="confirm-number">
          Order number: <strong>{order.orderNo}</strong>
        </p>
        <p>
          We sent a confirmation e-mail to <strong>{order.email}</strong>.
        </p>
      </header>
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
          <OrderSummary summary={order.summary} place="order" />
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
          {(order.payment || (order.giftCards ?? []).length > 0) && (
            <>
              <h3>Payment</h3>
              {order.giftCards?.map((card) => (
                <p key={card.maskedNumber}>
                  Gift card {card.maskedNumber}: {formatCents(card.amount)}
                </p>
              ))}
              {order.payment && (
                <p>
                  {order.payment.cardType && order.payment.last4
                    ? `${order.payment.cardType} ending in ${order.payment.last4}`
                    : PAYMENT_METHOD_LABELS[order.payment.method]}
                </p>
              )}
            </>
          )}
        </aside>
      </div>
      <div className="confirm-extras">
        {order.canRegister && <RegisterAfterOrder email={order.email} orderId={order.orderId} />}
        <EmailSignup email={order.email} />
      </div>
      <OrderRecommendations productIds={[...new Set(order.lines.map((l) => l.productId))]} />
    </div>
  );
}
