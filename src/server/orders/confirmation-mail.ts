import type { BasketSummary } from '#src/lib/commerce-types.ts';
import type { CheckoutAddress } from '#src/lib/checkout/checkout-types.ts';
import type { PaymentLine } from '#src/lib/checkout/order-payments.ts';
import { formatCents } from '#src/lib/money.ts';
import { methodWithDelivery } from '#src/lib/shipping-methods.ts';
import { summaryRows } from '#src/lib/summary-rows.ts';
import { storeOrigin } from '../config.ts';
import type { Mail } from '../mail/mailer.ts';

interface OrderForMail {
  email: string;
  lines: { productName: string; details: string[]; quantity: number; lineTotal: number; originalTotal: number | null }[];
  summary: BasketSummary;
  delivery: { name: string; delivery: string } | null;
  shippingAddress: CheckoutAddress | null;
  billingAddress: CheckoutAddress | null;
  /** Every payment with its amount (src/lib/checkout/order-payments.ts). */
  payments: PaymentLine[];
}

const addressText = (a: CheckoutAddress) =>
  [
    `${a.firstName} ${a.lastName}`,
    a.company,
    [a.address1, a.address2].filter(Boolean).join(', '),
    `${a.city}, ${a.stateCode} ${a.postalCode}`,
  ].filter(Boolean);
const sameAddress = (a: CheckoutAddress, b: CheckoutAddress) => addressText(a).join('\n') === addressText(b).join('\n');

/**
 * The order confirmation e-mail (plain text; links from the configured origin, never from a request). It says what
 * the confirmation page says: each line with its details and saving (an e-gift card's recipient and message), the
 * shipping method with its delivery time, the summary in the same rows (summaryRows), a surcharge indented under
 * shipping & handling, then each payment with its amount (a gift card with its balance left), and the billing address
 * when it is not the shipping one.
 */
export function confirmationMail(orderNo: string, order: OrderForMail): Mail {
  const lines = order.lines.flatMap((l) => [
    `- ${l.productName} x ${l.quantity}: ${formatCents(l.lineTotal)}${l.originalTotal === null ? '' : ` (was ${formatCents(l.originalTotal)})`}`,
    ...l.details.map((d) => `    ${d}`),
  ]);
  const summary = summaryRows(order.summary, 'order').map((r) => `${r.role === 'part' ? '  ' : ''}${r.label}: ${r.value}`);
  const payments = order.payments.map(
    (p) => `${p.label}: ${formatCents(p.amount)}${p.balanceLeft === null ? '' : ` (balance left ${formatCents(p.balanceLeft)})`}`,
  );
  const billing =
    order.billingAddress && !(order.shippingAddress && sameAddress(order.billingAddress, order.shippingAddress)) ? order.billingAddress : null;
  const text = [
    `Thank you for your order ${orderNo}.`,
    '',
    ...lines,
    '',
    ...(order.delivery ? [`Shipping method: ${methodWithDelivery({ name: order.delivery.name, description: order.delivery.delivery })}`, ''] : []),
    'Order summary',
    ...summary,
    '',
    ...(payments.length > 0 ? ['Payments', ...payments, ''] : []),
    ...(billing ? ['Billing address', ...addressText(billing), ''] : []),
    `Track your order at ${storeOrigin()}/orders with your order number and this email address.`,
  ].join('\n');
  return { to: order.email, subject: `Your order ${orderNo} is confirmed`, text };
}
