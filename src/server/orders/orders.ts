import type { Db } from '../db/database.ts';
import type { Selectable } from 'kysely';
import type { BasketSummary, OrderSummaryView } from '#src/lib/commerce-types.ts';
import type { OrderTable } from '../db/schema.ts';
import { pointsEarnedBy } from '../rewards/earn.ts';
import type { CheckoutAddress, OrderConfirmationView, OrderPayment } from '#src/lib/checkout/checkout-types.ts';
import { PLCC_TYPE } from '#src/lib/checkout/card-rules.ts';
import { PAYMENT_METHOD_NAMES, type PaymentMethodName } from '#src/lib/payment-method-names.ts';
import { paymentLines, type PaymentLine, type TenderPaid } from '#src/lib/checkout/order-payments.ts';

/**
 * Orders as the store reads them: looked up by a guest, listed for a customer, and joined to the account a guest
 * creates after ordering. Placing them is place-order.ts.
 */

const toView = (r: { order_no: string; status: string; total_cents: number; placed_at: string }): OrderSummaryView => ({
  orderNo: r.order_no,
  status: r.status,
  totalCents: r.total_cents,
  placedAt: r.placed_at,
});

/** A guest's order by its number and the e-mail it was placed with (both must match), for Track my order. */
export async function findGuestOrder(db: Db, orderNo: string, email: string): Promise<OrderSummaryView | null> {
  const row = await db.kysely
    .selectFrom('orders')
    .select(['order_no', 'status', 'total_cents', 'placed_at'])
    .where('order_no', '=', orderNo)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row ? toView(row) : null;
}

export async function listOrders(db: Db, customerId: string): Promise<OrderSummaryView[]> {
  const rows = await db.kysely
    .selectFrom('orders')
    .select(['order_no', 'status', 'total_cents', 'placed_at'])
    .where('customer_id', '=', customerId)
    .orderBy('placed_at', 'desc')
    .execute();
  return rows.map(toView);
}

/** The id of the order (by id or number) that this e-mail placed as a guest and no account holds yet, else null. */
/**
 * The guest order this browser placed (the id in its order cookie), when the e-mail is the order's and no account
 * holds it yet. The reference the shopper's page sends must name the same order (its id or number); a number
 * alone never finds an order, since it is printed on e-mails, packing slips and Track my order.
 */
export async function findUnclaimedGuestOrder(db: Db, cookieOrderId: string, reference: string, email: string): Promise<string | null> {
  const order = await db.kysely
    .selectFrom('orders')
    .select(['id', 'order_no', 'email', 'customer_id'])
    .where('id', '=', cookieOrderId)
    .executeTakeFirst();
  if (!order || (reference !== order.id && reference !== order.order_no)) return null;
  return order.email === email && !order.customer_id ? order.id : null;
}

export async function assignOrderToCustomer(db: Db, orderId: string, customerId: string): Promise<void> {
  await db.kysely.updateTable('orders').set({ customer_id: customerId }).where('id', '=', orderId).where('customer_id', 'is', null).execute();
}

/** An order as its confirmation page shows it (found by the id in the browser's order cookie). */
export async function readOrderConfirmation(db: Db, orderId: string): Promise<OrderConfirmationView | null> {
  const order = await db.kysely.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
  return order ? orderView(db, order) : null;
}

/**
 * An order for its page (/orders/{number}): the signed-in customer's own, or, for Track my order, the one placed with
 * this number and e-mail (both must match: a number alone is printed on e-mails and packing slips).
 */
export async function readOrderByNumber(
  db: Db,
  orderNo: string,
  holder: { customerId: string } | { email: string },
): Promise<OrderConfirmationView | null> {
  let query = db.kysely.selectFrom('orders').selectAll().where('order_no', '=', orderNo);
  query = 'customerId' in holder ? query.where('customer_id', '=', holder.customerId) : query.where('email', '=', holder.email.toLowerCase());
  const order = await query.executeTakeFirst();
  return order ? orderView(db, order) : null;
}

async function orderView(db: Db, order: Selectable<OrderTable>): Promise<OrderConfirmationView> {
  const orderId = order.id;
  const [lines, tenders] = await Promise.all([
    db.kysely.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('position').execute(),
    db.kysely
      .selectFrom('order_tenders')
      .select(['method', 'masked_number', 'amount_cents', 'balance_left_cents'])
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute(),
  ]);
  const summary: BasketSummary = {
    ...(order.summary ? (JSON.parse(order.summary) as BasketSummary) : summaryFromColumns(order)),
    ...(await pointsEarnedBy(db.kysely, order.id)),
  };
  const stored = order.payment_summary ? (JSON.parse(order.payment_summary) as StoredPayment) : null;
  const paid = tenders.map((t) => ({ method: t.method, maskedNumber: t.masked_number, amount: t.amount_cents, balanceLeft: t.balance_left_cents }));
  return {
    orderId: order.id,
    orderNo: order.order_no,
    email: order.email,
    placedAt: order.placed_at,
    status: order.status,
    lines: lines.map((l) => ({
      productId: l.product_id,
      productName: l.product_name,
      details: l.detail_lines ? (JSON.parse(l.detail_lines) as string[]) : [l.details].filter(Boolean),
      imageUrl: l.image_url,
      quantity: l.quantity,
      unitPrice: l.unit_price_cents,
      lineTotal: l.line_total_cents,
      originalTotal: l.original_total_cents,
    })),
    summary,
    delivery: order.shipping_method_name ? { name: order.shipping_method_name, delivery: order.delivery_estimate ?? '' } : null,
    shippingAddress: order.shipping_address ? (JSON.parse(order.shipping_address) as CheckoutAddress) : null,
    billingAddress: order.billing_address ? (JSON.parse(order.billing_address) as CheckoutAddress) : null,
    payment: stored ? paymentOf(stored) : null,
    payments: orderPaymentLines(stored, paid, order.total_cents),
    canRegister: order.customer_id === null,
  };
}

/** The summary of an order placed before orders kept theirs whole: its totals, without surcharges or savings. */
function summaryFromColumns(order: Selectable<OrderTable>): BasketSummary {
  return {
    subTotal: order.subtotal_cents ?? order.total_cents,
    couponDiscount: order.discount_cents ?? 0,
    shippingAndHandling: order.shipping_cents ?? 0,
    totalTax: order.tax_cents ?? 0,
    isTaxCalculated: true,
    orderTotal: order.total_cents,
    routePackageProtectionFee: order.protection_cents,
    youSaved: 0,
    isDigitalItemsOnly: order.shipping_address === null,
    shippingAddressAvailable: order.shipping_address !== null,
  };
}

/** The products bought together with these (co-purchase recommendations), most often first. */
export async function boughtTogether(db: Db, productIds: string[], limit: number): Promise<string[]> {
  if (productIds.length === 0) return [];
  const rows = await db.kysely
    .selectFrom('order_lines as a')
    .innerJoin('order_lines as b', 'b.order_id', 'a.order_id')
    .select(['b.product_id'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('a.product_id', 'in', productIds)
    .where('b.product_id', 'not in', productIds)
    .groupBy('b.product_id')
    .orderBy('n', 'desc')
    .orderBy('b.product_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.product_id);
}

/**
 * The order's payment as written (write-order.ts): a card's type and last four (with Apple Pay's method when the
 * wallet's card paid), or a method with no card.
 */
type StoredPayment = { cardType: string; last4: string; method?: PaymentMethodName } | { method: PaymentMethodName };

/**
 * Every payment of an order with its amount, from what the order keeps: its tenders, and what paid the rest (the
 * total less the tenders). The confirmation, its e-mail and the order's page list these.
 */
export function orderPaymentLines(stored: StoredPayment | null, tenders: readonly TenderPaid[], orderTotal: number): PaymentLine[] {
  const amountDue = orderTotal - tenders.reduce((sum, t) => sum + t.amount, 0);
  return paymentLines(tenders, stored ? paymentOf(stored) : null, amountDue);
}

function paymentOf(stored: StoredPayment): OrderPayment {
  if (!('cardType' in stored)) return { method: stored.method, cardType: null, last4: null };
  if (stored.method) return { method: stored.method, cardType: stored.cardType, last4: stored.last4 };
  // A card's method is read from its type: the store card, or any other card.
  const method = stored.cardType === PLCC_TYPE ? PAYMENT_METHOD_NAMES.plcc : PAYMENT_METHOD_NAMES.card;
  return { method, cardType: stored.cardType, last4: stored.last4 };
}
