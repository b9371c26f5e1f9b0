import { useEffect, useRef, useState } from 'react';
import { sendPageLoad } from '#src/lib/analytics/data-layer.ts';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import type { OrderConfirmationView } from '#src/lib/checkout/checkout-types.ts';
import { NO_RECENT_ORDER } from '#src/lib/checkout/order-messages.ts';
import { ORDER_CONFIRMATION_ASSET_IDS } from '#src/lib/content/content-documents.ts';
import { ContentAssets } from '../content/ContentAssets.tsx';
import { EmailSignup } from './EmailSignup.tsx';
import { OrderRecommendations } from './OrderRecommendations.tsx';
import { RegisterAfterOrder } from './RegisterAfterOrder.tsx';
import { OrderDetails } from './OrderDetails.tsx';
import './order-confirmation.css';

type Load = { kind: 'loading' } | { kind: 'missing' } | { kind: 'error'; message: string } | { kind: 'shown'; order: OrderConfirmationView };

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
      if (r.ok) {
        setLoad({ kind: 'shown', order: r.body.order });
        void sendPageLoad({ page_type: 'order-confirmation', order_id: r.body.order.orderNo });
      } else if (r.status === 404) setLoad({ kind: 'missing' });
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
          Order number: <strong className="order-no">{order.orderNo}</strong>
        </p>
        <p>
          We sent a confirmation e-mail to <strong>{order.email}</strong>.
        </p>
      </header>
      <ContentAssets ids={ORDER_CONFIRMATION_ASSET_IDS} label="From Seven Brands" />
      <OrderDetails order={order} />
      <div className="confirm-extras">
        {order.canRegister && <RegisterAfterOrder email={order.email} orderId={order.orderId} />}
        <EmailSignup email={order.email} />
      </div>
      <OrderRecommendations productIds={[...new Set(order.lines.map((l) => l.productId))]} />
    </div>
  );
}
