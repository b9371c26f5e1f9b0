import { randomInt, randomUUID } from 'node:crypto';
import type { CompiledQuery, Selectable } from 'kysely';
import { preparedRowWrite } from '../db/prepared.ts';
import type { OrderTable } from '../db/schema.ts';
import type { OrderLineTable } from '../db/schema-checkout.ts';
import type { Tx } from '../db/transaction.ts';
import type { CheckoutAddress } from '#src/lib/checkout/checkout-types.ts';
import type { BasketSummary } from '#src/lib/commerce-types.ts';
import type { PAYMENT_METHOD_NAMES } from '#src/lib/payment-method-names.ts';
import { orderTenderWrites, type PaidTender } from '../tenders/tender-payment.ts';

/**
 * Writing a new order and its lines: the one place that inserts into orders and order_lines. Placement
 * (src/server/checkout/placement/) calls it inside the transaction that also marks the bag ordered, so an order is
 * written whole or not at all.
 */

export interface NewOrderLine {
  sku: string;
  productId: string;
  productName: string;
  /** The line's texts as the bag showed them (src/lib/line-details.ts). */
  details: string[];
  imageUrl: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  /** The line at its original price when bought for less (its saving), else null. */
  originalTotal: number | null;
}

export interface NewOrder {
  customerId: string | null;
  email: string;
  bagId: string;
  /** The placement attempt that wrote it (checkout_attempts.id). */
  attemptId: string;
  placedAt: string;
  /** orderTotal = subTotal - discount + shipping (surcharges included) + tax + protection, in cents. */
  totals: { subTotal: number; discount: number; shipping: number; tax: number; protection: number; orderTotal: number };
  /** The summary as the checkout showed it (every row, surcharges and savings too). */
  summary: BasketSummary;
  shippingMethodId: string;
  /** The shipping method and its delivery time as the shopper chose them; null when nothing ships. */
  delivery: { name: string; delivery: string } | null;
  /** The EcoShip date the shopper accepted, or null. */
  ecoshipDate: string | null;
  shippingAddress: CheckoutAddress | null;
  billingAddress: CheckoutAddress | null;
  /**
   * What the confirmation shows of what paid the rest, never a number or a security code: a card's type and last four
   * (with Apple Pay's method when the wallet's card paid); a web payment's method (no card); null when nothing was
   * left to pay.
   */
  payment: { cardType: string; last4: string; method?: typeof PAYMENT_METHOD_NAMES.applePay } | { method: typeof PAYMENT_METHOD_NAMES.paypal } | null;
  /** Gift cards that paid part of it (order_tenders), in the order they paid. */
  tenders: PaidTender[];
  /** The gateway's hold on the amount; null when there was nothing to pay. */
  authorizationId: string | null;
  lines: NewOrderLine[];
}

/**
 * Writes the order, which gets its id and a free order number here; `rest` are the statements that write its lines
 * and tenders, for the caller to send with its own (db/write-batch.ts) in the same transaction.
 */
export async function writeOrder(tx: Tx, order: NewOrder): Promise<{ id: string; orderNo: string; rest: CompiledQuery[] }> {
  const id = randomUUID();
  const json = (value: unknown) => (value ? JSON.stringify(value) : null);
  // A number another order has is not taken (the insert writes nothing) and another is drawn: one statement a try.
  let orderNo: string;
  do orderNo = orderNumber();
  while (
    (await insertOrder(tx, {
      id,
      order_no: orderNo,
      customer_id: order.customerId,
      email: order.email,
      total_cents: order.totals.orderTotal,
      placed_at: order.placedAt,
      basket_id: order.bagId,
      subtotal_cents: order.totals.subTotal,
      discount_cents: order.totals.discount,
      shipping_cents: order.totals.shipping,
      tax_cents: order.totals.tax,
      shipping_method_id: order.shippingMethodId,
      shipping_address: json(order.shippingAddress),
      billing_address: json(order.billingAddress),
      payment_summary: json(order.payment),
      authorization_id: order.authorizationId,
      attempt_id: order.attemptId,
      protection_cents: order.totals.protection,
      ecoship_date: order.ecoshipDate,
      shipping_method_name: order.delivery?.name ?? null,
      delivery_estimate: order.delivery?.delivery ?? null,
      summary: JSON.stringify(order.summary),
    })) === 0
  );
  const lines = order.lines.map((line, position) =>
    insertOrderLine.compiled(tx, {
      order_id: id,
      position,
      sku: line.sku,
      product_id: line.productId,
      product_name: line.productName,
      details: line.details.join(' · '),
      detail_lines: JSON.stringify(line.details),
      image_url: line.imageUrl,
      quantity: line.quantity,
      unit_price_cents: line.unitPrice,
      line_total_cents: line.lineTotal,
      original_total_cents: line.originalTotal,
    }),
  );
  return { id, orderNo, rest: [...lines, ...orderTenderWrites(tx, id, order.tenders)] };
}

/** Order numbers follow the header spec's pattern: 1-4 digits, dash, 5 digits, dash, 3-4 digits; unique. */
const orderNumber = () =>
  `${randomInt(1, 10_000)}-${String(randomInt(0, 100_000)).padStart(5, '0')}-${String(randomInt(0, 10_000)).padStart(randomInt(3, 5), '0')}`;

/*
 * Every placement runs these, compiled once (db/prepared.ts): built with Kysely on each call, they cost about as
 * much again as SQLite takes to run them, on the one connection every other request waits for.
 */
const ORDER_COLUMNS = [
  'id',
  'order_no',
  'customer_id',
  'email',
  'total_cents',
  'placed_at',
  'basket_id',
  'subtotal_cents',
  'discount_cents',
  'shipping_cents',
  'tax_cents',
  'shipping_method_id',
  'shipping_address',
  'billing_address',
  'payment_summary',
  'authorization_id',
  'attempt_id',
  'protection_cents',
  'ecoship_date',
  'shipping_method_name',
  'delivery_estimate',
  'summary',
] as const;
const LINE_COLUMNS = [
  'order_id',
  'position',
  'sku',
  'product_id',
  'product_name',
  'details',
  'detail_lines',
  'image_url',
  'quantity',
  'unit_price_cents',
  'line_total_cents',
  'original_total_cents',
] as const;
type OrderRow = Pick<Selectable<OrderTable>, (typeof ORDER_COLUMNS)[number]>;
type OrderLineRow = Pick<Selectable<OrderLineTable>, (typeof LINE_COLUMNS)[number]>;

const insertOrder = preparedRowWrite(ORDER_COLUMNS, (tx: Tx, row: OrderRow) =>
  tx
    .insertInto('orders')
    .values({ ...row, status: 'placed' })
    .onConflict((oc) => oc.column('order_no').doNothing()),
);
const insertOrderLine = preparedRowWrite(LINE_COLUMNS, (tx: Tx, row: OrderLineRow) => tx.insertInto('order_lines').values(row));
