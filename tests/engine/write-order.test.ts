import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import { writeOrder, type NewOrder } from '#src/server/orders/write-order.ts';
import { sendTogether } from '#src/server/db/write-batch.ts';
import { ORDER_NUMBER_PATTERN } from '#src/lib/order-number.ts';
import { freshDb, PG_URL, type TestDb } from '../helpers/db.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';

/**
 * The order writer: one object in, every column of the order and its lines out, on SQLite and (with DATABASE_URL)
 * PostgreSQL. Two orders with different values go through the same compiled statements, so a value landing in
 * another column shows up.
 */
let t: TestDb;
beforeAll(async () => {
  t = await freshDb({ seed: false });
});
afterAll(() => t.cleanup());

const summary = {
  subTotal: 5000,
  couponDiscount: 500,
  shippingAndHandling: 799,
  totalTax: 330,
  isTaxCalculated: true,
  orderTotal: 5727,
  routePackageProtectionFee: 98,
  youSaved: 500,
  isDigitalItemsOnly: false,
  shippingAddressAvailable: true,
};

const shipped: NewOrder = {
  customerId: null,
  email: 'ada@example.com',
  bagId: 'bag-shipped',
  attemptId: 'attempt-shipped',
  placedAt: '2030-01-02T03:04:05.000Z',
  totals: { subTotal: 5000, discount: 500, shipping: 799, tax: 330, protection: 98, orderTotal: 5727 },
  summary,
  shippingMethodId: 'Express',
  delivery: { name: 'Express', delivery: '2-3 business days' },
  ecoshipDate: '2030-01-09',
  shippingAddress: TEST_ADDRESS,
  billingAddress: { ...TEST_ADDRESS, firstName: 'Bill' },
  payment: { cardType: 'Visa', last4: '4242' },
  tenders: [],
  authorizationId: 'auth-1',
  lines: [
    {
      sku: 'sku-a',
      productId: 'p-a',
      productName: 'Tee',
      details: ['Color: Black', 'Size: M'],
      imageUrl: '/media/a.jpg',
      quantity: 2,
      unitPrice: 1500,
      lineTotal: 3000,
      originalTotal: 3500,
    },
    {
      sku: 'sku-b',
      productId: 'p-b',
      productName: 'Jean',
      details: [],
      imageUrl: '/media/b.jpg',
      quantity: 1,
      unitPrice: 2000,
      lineTotal: 2000,
      originalTotal: null,
    },
  ],
};

const digital: NewOrder = {
  ...shipped,
  customerId: null,
  email: 'grace@example.com',
  bagId: 'bag-digital',
  attemptId: 'attempt-digital',
  totals: { subTotal: 2500, discount: 0, shipping: 0, tax: 0, protection: 0, orderTotal: 2500 },
  shippingMethodId: 'Regular',
  delivery: null,
  ecoshipDate: null,
  shippingAddress: null,
  billingAddress: null,
  payment: null,
  authorizationId: null,
  lines: [shipped.lines[1]!],
};

describe(`writing an order (${PG_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('keeps every field of the order and of each line, in the lines’ order, under a fresh order number', async () => {
    // The order is written at once; its lines and tenders are statements for the caller to send with its own.
    const [a, b] = await withWriteTransaction(t.db, async (tx) => {
      const written = [await writeOrder(tx, shipped), await writeOrder(tx, digital)];
      for (const w of written) await sendTogether(tx, w.rest.slice(0, -1), w.rest.at(-1)!);
      return written;
    });
    expect(a!.orderNo).toMatch(ORDER_NUMBER_PATTERN);
    expect(b!.orderNo).not.toBe(a!.orderNo);

    const order = await t.db.kysely.selectFrom('orders').selectAll().where('id', '=', a!.id).executeTakeFirstOrThrow();
    expect(order).toEqual({
      id: a!.id,
      order_no: a!.orderNo,
      customer_id: null,
      email: 'ada@example.com',
      status: 'placed',
      total_cents: 5727,
      placed_at: '2030-01-02T03:04:05.000Z',
      basket_id: 'bag-shipped',
      subtotal_cents: 5000,
      discount_cents: 500,
      shipping_cents: 799,
      tax_cents: 330,
      shipping_method_id: 'Express',
      shipping_address: JSON.stringify(TEST_ADDRESS),
      billing_address: JSON.stringify({ ...TEST_ADDRESS, firstName: 'Bill' }),
      payment_summary: '{"cardType":"Visa","last4":"4242"}',
      authorization_id: 'auth-1',
      attempt_id: 'attempt-shipped',
      protection_cents: 98,
      ecoship_date: '2030-01-09',
      shipping_method_name: 'Express',
      delivery_estimate: '2-3 business days',
      summary: JSON.stringify(summary),
    });
    const lines = await t.db.kysely.selectFrom('order_lines').selectAll().where('order_id', '=', a!.id).orderBy('position').execute();
    expect(lines).toEqual([
      {
        order_id: a!.id,
        position: 0,
        sku: 'sku-a',
        product_id: 'p-a',
        product_name: 'Tee',
        details: 'Color: Black · Size: M',
        detail_lines: '["Color: Black","Size: M"]',
        image_url: '/media/a.jpg',
        quantity: 2,
        unit_price_cents: 1500,
        line_total_cents: 3000,
        original_total_cents: 3500,
      },
      {
        order_id: a!.id,
        position: 1,
        sku: 'sku-b',
        product_id: 'p-b',
        product_name: 'Jean',
        details: '',
        detail_lines: '[]',
        image_url: '/media/b.jpg',
        quantity: 1,
        unit_price_cents: 2000,
        line_total_cents: 2000,
        original_total_cents: null,
      },
    ]);

    const second = await t.db.kysely.selectFrom('orders').selectAll().where('id', '=', b!.id).executeTakeFirstOrThrow();
    expect(second).toMatchObject({
      email: 'grace@example.com',
      basket_id: 'bag-digital',
      total_cents: 2500,
      shipping_address: null,
      billing_address: null,
      payment_summary: null,
      authorization_id: null,
      ecoship_date: null,
      shipping_method_name: null,
      delivery_estimate: null,
      protection_cents: 0,
    });
    const secondLines = await t.db.kysely.selectFrom('order_lines').select(['position', 'sku']).where('order_id', '=', b!.id).execute();
    expect(secondLines).toEqual([{ position: 0, sku: 'sku-b' }]);
  });
});
