import { Fragment, useId } from 'react';
import type { PaymentLine } from '#src/lib/checkout/order-payments.ts';
import { formatCents } from '#src/lib/money.ts';

/**
 * A payment's name as it wraps on a narrow summary: a masked number or a card's ending stays whole on one line
 * ('•••• 00EE', 'ending in 2096'), never its dots at a line's end and its last four on the next. The text is unchanged.
 */
export function PaymentName({ label }: { label: string }) {
  const ending = /(?:••••|ending in) \w+$/.exec(label);
  if (!ending) return label;
  return (
    <>
      {label.slice(0, ending.index)}
      <span className="payment-ending">{ending[0]}</span>
    </>
  );
}

/**
 * An order's payments, each with its amount (src/lib/checkout/order-payments.ts): a gift card with the balance it
 * has left. The review step, the confirmation and the order's page show them after the order total.
 */
export function PaymentList({ payments, title = 'Payments' }: { payments: PaymentLine[]; title?: string }) {
  const id = useId();
  return (
    <section className="payment-list" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <dl className="summary">
        {payments.map((p) => (
          <Fragment key={p.label}>
            <dt>
              <PaymentName label={p.label} />
              {p.balanceLeft !== null && <small className="payment-balance">Balance left {formatCents(p.balanceLeft)}</small>}
            </dt>
            <dd>{formatCents(p.amount)}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
