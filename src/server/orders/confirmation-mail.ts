import type { BasketSummary } from '#src/lib/commerce-types.ts';
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
}

/**
 * The order confirmation e-mail (plain text; links from the configured origin, never from a request). It says what
 * the confirmation page says: each line with its details and saving, the shipping method with its delivery time, and
 * the summary in the same rows (summaryRows), a surcharge indented under shipping & handling.
 */
export function confirmationMail(orderNo: string, order: OrderForMail): Mail {
  const lines = order.lines.flatMap((l) => [
    `- ${l.productName} x ${l.quantity}: ${formatCents(l.lineTotal)}${l.originalTotal === null ? '' : ` (was ${formatCents(l.originalTotal)})`}`,
    ...l.details.map((d) => `    ${d}`),
  ]);
  const summary = summaryRows(order.summary, 'order').map((r) => `${r.role === 'part' ? '  ' : ''}${r.label}: ${r.value}`);
  const text = [
    `Thank you for your order ${orderNo}.`,
    '',
    ...lines,
    '',
    ...(order.delivery ? [`Shipping method: ${methodWithDelivery({ name: order.delivery.name, description: order.delivery.delivery })}`, ''] : []),
    'Order summary',
    ...summary,
    '',
    `Track your order at ${storeOrigin()}/orders with your order number and this email address.`,
  ].join('\n');
  return { to: order.email, subject: `Your order ${orderNo} is confirmed`, text };
}
