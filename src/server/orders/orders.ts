import type { Db } from '../db/database.ts';
import type { Selectable } from 'kysely';
import type { BasketSummary, OrderSummaryView } from '#src/lib/commerce-types.ts';
import type { OrderTable } from '../db/schema.ts';
import { pointsEarnedBy } from '../rewards/earn.ts';
import type { CheckoutAddress, OrderConfirmationView, OrderPayment } from '#src/lib/checkout/checkout-types.ts';
import { PLCC_TYPE } from '#src/lib/checkout/card-rules.ts';
import { PAYMENT_METHOD_NAMES, type PaymentMethodName } from '#src/lib/payment-method-names.ts';

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
  if (!order) return null;
  const [lines, tenders] = await Promise.all([
    db.kysely.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('position').execute(),
    db.kysely
      .selectFrom('order_tenders')
      .select(['masked_number', 'amount_cents'])
      .where('order_id', '=', orderId)
      .where('method', '=', 'SVS_GIFT_CARD')
      .orderBy('position')
      .execute(),
  ]);
  return {
    orderId: order.id,
    orderNo: order.order_no,
    email: order.email,
    placedAt: order.placed_at,
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
    summary: {
      ...(order.summary ? (JSON.parse(order.summary) as BasketSummary) : summaryFromColumns(order)),
      ...(await pointsEarnedBy(db.kysely, order.id)),
    },
    delivery: order.shipping_method_name ? { name: order.shipping_method_name, delivery: order.delivery_estimate ?? '' } : null,
    shippingAddress: order.shipping_address ? (JSON.parse(order.shipping_address) as CheckoutAddress) : null,
    payment: order.payment_summary ? paymentOf(JSON.parse(order.payment_summary) as StoredPayment) : null,
    giftCards: tenders.map((t) => ({ maskedNumber: t.masked_number, amount: t.amount_cents })),
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

/** The order's payment as written (write-order.ts): a card's type and last four, or a method with no card. */
type StoredPayment = { cardType: string; last4: string } | { method: PaymentMethodName };

function paymentOf(stored: StoredPayment): OrderPayment {
  if ('method' in stored) return { method: stored.method, cardType: null, last4: null };
  // A card's method is read from its type: the store card, or any other card.
  const method = stored.cardType === PLCC_TYPE ? PAYMENT_METHOD_NAMES.plcc : PAYMENT_METHOD_NAMES.card;
  return { method, cardType: stored.cardType, last4: stored.last4 };
}
