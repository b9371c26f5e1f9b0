import { formatCents } from '#src/lib/money.ts';
import { storeOrigin } from '../config.ts';
import type { Mail } from '../mail/mailer.ts';

interface OrderForMail {
  email: string;
  lines: { productName: string; details: string; quantity: number; lineTotal: number }[];
  totals: { subTotal: number; discount: number; shipping: number; tax: number; orderTotal: number };
}

/** The order confirmation e-mail (plain text; links from the configured origin, never from a request). */
export function confirmationMail(orderNo: string, order: OrderForMail): Mail {
  const lines = order.lines.map((l) => `- ${l.productName}${l.details ? ` (${l.details})` : ''} x ${l.quantity}: ${formatCents(l.lineTotal)}`);
  const t = order.totals;
  const text = [
    `Thank you for your order ${orderNo}.`,
    '',
    ...lines,
    '',
    `Subtotal: ${formatCents(t.subTotal)}`,
    ...(t.discount > 0 ? [`Discounts: -${formatCents(t.discount)}`] : []),
    `Shipping & handling: ${formatCents(t.shipping)}`,
    `Tax: ${formatCents(t.tax)}`,
    `Order total: ${formatCents(t.orderTotal)}`,
    '',
    `Track your order at ${storeOrigin()}/orders with your order number and this email address.`,
  ].join('\n');
  return { to: order.email, subject: `Your order ${orderNo} is confirmed`, text };
}
