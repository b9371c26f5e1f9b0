import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItem } from '#src/server/commerce/basket.ts';
import {
  choosePackageProtection,
  confirmShippingMethod,
  readCheckoutView,
  setEmail,
  setPayment,
  setShippingAddress,
} from '#src/server/checkout/checkout-service.ts';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import { readOrderConfirmation } from '#src/server/orders/orders.ts';
import { cardFromGateway } from '#src/server/checkout/card-on-file.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { createSandboxToken } from '#src/server/payments/sandbox/tokens.ts';
import type { AddToBagInput } from '#src/lib/schemas/basket.ts';
import { applyGiftCard } from '#src/server/tenders/bag-tenders.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { giftCardIssuer } from '../helpers/gift-card-fixtures.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';

/**
 * What a placed order keeps of what the shopper was shown, and what its confirmation page and e-mail then say: the
 * shipping method and its delivery time, each line's details as the bag showed them, the savings, and every row of
 * the summary, package protection included, adding up to the total. Runs on SQLite, and on PostgreSQL with
 * DATABASE_URL.
 */
let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

const TEE = 'fb-1001-blk-M'; // on promotion: bought for less than its list price
const GIFT_CARD = { productId: 'gc-2-gc-25', quantity: 1, giftCardRecipient: 'Alex', giftCardSender: 'Pat' };
const HEMMED_JEAN = {
  productId: 'ca-7001-nvy-Misses-6',
  quantity: 1,
  optionItems: [{ optionId: 'hemming', optionValueId: '1' }],
  hemmingInseamLength: '28',
};

async function card() {
  const form = new URLSearchParams({
    'card[number]': '4242424242424242',
    'card[exp_month]': '12',
    'card[exp_year]': '2034',
    'card[cvc]': '123',
    'card[name]': 'Ada Lovelace',
  });
  const token = ((await createSandboxToken(t.db, form)).body as { id: string }).id;
  return cardFromGateway(sandboxGateway({ database: async () => t.db, timeoutMs: 2000 }), token, null);
}

/**
 * Places a guest order of these items; `ship` false for a bag that ships nothing (its own billing address), `billing`
 * a billing address other than the shipping one, `giftCard` the cents a gift card applied to the bag holds.
 */
async function placed(
  items: object[],
  { method = 'Regular', protect = false, ship = true, billing = null as typeof TEST_ADDRESS | null, giftCard = 0 } = {},
) {
  let basketId: string | null = null;
  for (const item of items) basketId = (await addItem(t.db, basketId, item as AddToBagInput)).basketId;
  if (!basketId) throw new Error('no items');
  await setEmail(t.db, basketId, 'ada@example.com', false);
  if (ship) {
    await setShippingAddress(t.db, basketId, TEST_ADDRESS, null);
    await confirmShippingMethod(t.db, basketId, method);
    if (protect) await choosePackageProtection(t.db, basketId, 'add');
  }
  if (giftCard > 0) {
    const issued = await (await giftCardIssuer(t.db)).card(giftCard);
    await applyGiftCard(t.db, basketId, issued.number, issued.pin, `receipt-${basketId}`);
  }
  // A card is given even when a gift card pays it all: the order then charges none and names none.
  await setPayment(t.db, basketId, {
    card: await card(),
    savedCardId: null,
    billingSame: ship && !billing,
    billingAddress: ship && !billing ? null : (billing ?? TEST_ADDRESS),
    customerId: null,
  });
  const { basket } = await readCheckoutView(t.db, basketId, null);
  const gateway = sandboxGateway({ database: async () => t.db, timeoutMs: 2000 });
  const total = basket.orderTotal;
  const reply = await placeOrder(
    t.db,
    gateway,
    {
      bagId: basketId,
      customerId: null,
      idempotencyKey: `receipt-${basketId}`,
      body: { total },
      expectedTotal: total,
      expectedAmountDue: basket.amountDue,
    },
    2000,
  );
  expect(reply.result.confirmationStatus).toBe('confirmed');
  const orderId = reply.result.orderId ?? '';
  const order = await readOrderConfirmation(t.db, orderId);
  const mail = await t.db.kysely
    .selectFrom('outbox')
    .select('text_body')
    .where('subject', 'like', `%${reply.result.orderNo}%`)
    .executeTakeFirstOrThrow();
  return { shown: basket, order: order!, mail: mail.text_body };
}

/** The e-mail's summary rows: label, cents (null for a value that is not an amount), and whether it is indented. */
function mailSummary(text: string) {
  const block = text.split('\n\n').find((b) => b.startsWith('Order summary\n'));
  if (!block) throw new Error(`no summary in:\n${text}`);
  return block
    .split('\n')
    .slice(1)
    .map((line) => {
      const m = /^( *)([^:]+): (.+)$/.exec(line);
      if (!m) throw new Error(`not a summary row: ${line}`);
      const amount = /^(−|-)?\$([\d,]+\.\d{2})$/.exec(m[3]!);
      const cents = m[3] === 'Free' ? 0 : amount ? Math.round(Number(amount[2]!.replace(/,/g, '')) * 100) * (amount[1] ? -1 : 1) : null;
      return { label: m[2]!, cents, part: m[1]!.length > 0 };
    });
}

/** The rows a shopper adds up: everything above the total that is not a part of the row before it. */
function addsUp(rows: ReturnType<typeof mailSummary>) {
  const total = rows.findIndex((r) => r.label === 'Order total');
  const terms = rows.slice(0, total).filter((r) => !r.part);
  expect(terms.every((r) => r.cents !== null)).toBe(true);
  return { sum: terms.reduce((s, r) => s + (r.cents ?? 0), 0), total: rows[total]?.cents };
}

describe('a placed order', () => {
  it('e-mails every row the confirmation shows, package protection included, and they add up to the total', async () => {
    const { shown, order, mail } = await placed([{ productId: TEE, quantity: 2 }, GIFT_CARD], { method: 'SuperFast', protect: true });
    expect(shown.summary.routePackageProtectionFee).toBeGreaterThan(0);
    const rows = mailSummary(mail);
    expect(rows.map((r) => r.label)).toEqual([
      'Subtotal',
      'Shipping & handling',
      'Gift card fee',
      'Package Protection',
      'Tax',
      'Order total',
      'You saved',
    ]);
    const { sum, total } = addsUp(rows);
    expect(sum).toBe(total);
    expect(total).toBe(shown.orderTotal);
    // The page shows the very summary the checkout showed.
    expect(order.summary).toEqual(shown.summary);
    expect(rows.find((r) => r.label === 'You saved')?.cents).toBe(shown.summary.youSaved);
  });

  it('keeps the shipping method and its delivery time, the lines as the bag said them, and each saving', async () => {
    const { shown, order, mail } = await placed([{ productId: TEE, quantity: 2 }, GIFT_CARD], { method: 'SuperFast' });
    expect(order.delivery).toEqual({ name: 'SuperFast', delivery: 'Next business day' });
    expect(mail).toContain('Shipping method: SuperFast (Next business day)');
    const tee = order.lines.find((l) => l.productName === shown.lines.find((i) => i.productId === TEE)?.productName);
    const bagTee = shown.lines.find((i) => i.productId === TEE)!;
    expect(tee?.details).toEqual([`${bagTee.colorName} · ${bagTee.sizeLabel}`]);
    expect(tee?.originalTotal).toBe(bagTee.lineDetails.original_price_value * 2);
    expect(tee!.originalTotal!).toBeGreaterThan(tee!.lineTotal);
    expect(order.lines.find((l) => l.details.includes('To Alex, from Pat'))).toBeTruthy();
    expect(mail).toContain('    To Alex, from Pat');
    expect(mail).toMatch(/x 2: \$[\d.]+ \(was \$[\d.]+\)/);
  });

  it('says hemming as the bag did, with its price, and names Standard Delivery', async () => {
    const { order, mail } = await placed([HEMMED_JEAN]);
    expect(order.lines[0]?.details).toContain('Hemming: 28" inseam (+$8.00)');
    expect(mail).toContain('Hemming: 28" inseam (+$8.00)');
    expect(order.delivery).toEqual({ name: 'Standard Delivery', delivery: '5-7 business days' });
  });

  it('of an e-gift card alone has no shipping method, and its tax is known from the billing address', async () => {
    const egift = {
      productId: 'egc-3-egc-50',
      quantity: 1,
      giftCardRecipient: 'Ann',
      giftCardSender: 'Bo',
      giftCardRecipientEmail: 'ann@example.com',
    };
    const { shown, order, mail } = await placed([egift], { ship: false });
    expect(shown.summary).toMatchObject({ isDigitalItemsOnly: true, isTaxCalculated: true, totalTax: 0 });
    expect(order.delivery).toBeNull();
    expect(mail).not.toContain('Shipping method');
    const { sum, total } = addsUp(mailSummary(mail));
    expect(sum).toBe(total);
    expect(mailSummary(mail).find((r) => r.label === 'Tax')?.cents).toBe(0);
  });

  it('paid by a gift card and a card keeps the full total, each payment with its amount and the balance the card has left', async () => {
    const { shown, order, mail } = await placed([{ productId: TEE, quantity: 2 }], { giftCard: 2000 });
    const total = shown.orderTotal;
    expect(shown.amountDue).toBe(total - 2000);
    const tenders = await t.db.kysely
      .selectFrom('order_tenders')
      .select(['method', 'amount_cents', 'balance_left_cents'])
      .where('order_id', '=', order.orderId)
      .execute();
    expect(tenders).toEqual([{ method: 'SVS_GIFT_CARD', amount_cents: 2000, balance_left_cents: 0 }]);
    const orderRow = await t.db.kysely.selectFrom('orders').select('total_cents').where('id', '=', order.orderId).executeTakeFirstOrThrow();
    expect(orderRow.total_cents).toBe(total);
    expect(order.payments).toEqual([
      { label: expect.stringMatching(/^Gift card •••• \d{4}$/), amount: 2000, balanceLeft: 0 },
      { label: 'Visa ending in 4242', amount: total - 2000, balanceLeft: null },
    ]);
    // The e-mail's order total is the full total; the payments follow it and add up to it.
    const { sum, total: mailed } = addsUp(mailSummary(mail));
    expect(mailed).toBe(total);
    expect(sum).toBe(total);
    expect(mail).toContain(`Payments\n${order.payments[0]!.label}: $20.00 (balance left $0.00)\nVisa ending in 4242: ${dollars(total - 2000)}\n`);
  });

  it('a gift card keeps what it does not pay; an order it pays in full names no card', async () => {
    const { shown, order, mail } = await placed([{ productId: TEE, quantity: 1 }], { giftCard: 50_000 });
    expect(shown.amountDue).toBe(0);
    expect(order.payments).toEqual([
      { label: expect.stringMatching(/^Gift card /), amount: shown.orderTotal, balanceLeft: 50_000 - shown.orderTotal },
    ]);
    expect(order.payment).toBeNull();
    expect(mail).not.toContain('Visa');
    expect(mailSummary(mail).find((r) => r.label === 'Order total')?.cents).toBe(shown.orderTotal);
  });

  it('keeps a billing address other than the shipping one, and the e-mail and page say it', async () => {
    const billing = { ...TEST_ADDRESS, address1: '1 Billing Way', address2: '' };
    const { order, mail } = await placed([{ productId: TEE, quantity: 1 }], { billing });
    expect(order.billingAddress).toMatchObject({ address1: '1 Billing Way' });
    expect(mail).toContain('Billing address\n');
    expect(mail).toContain('1 Billing Way');
    const same = await placed([{ productId: TEE, quantity: 1 }]);
    expect(same.mail).not.toContain('Billing address');
  });

  it("says an e-gift card's recipient address and message on the order and in the buyer's e-mail", async () => {
    const egift = {
      productId: 'egc-3-egc-50',
      quantity: 1,
      giftCardRecipient: 'Ann',
      giftCardSender: 'Bo',
      giftCardRecipientEmail: 'ann@example.com',
      giftMessage: 'Happy birthday!',
    };
    const { order, mail } = await placed([egift], { ship: false });
    expect(order.lines[0]?.details).toEqual(expect.arrayContaining(['To Ann (ann@example.com), from Bo', 'Message: “Happy birthday!”']));
    expect(mail).toContain('    To Ann (ann@example.com), from Bo\n    Message: “Happy birthday!”');
  });
});

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
