import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addItem } from '#src/server/commerce/basket.ts';
import { mergeBaskets } from '#src/server/commerce/merge-baskets.ts';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import { readBasket } from '#src/server/commerce/basket-read.ts';
import { confirmShippingMethod, readCheckoutView, setEmail, setPayment, setShippingAddress } from '#src/server/checkout/checkout-service.ts';
import { cardFromGateway } from '#src/server/checkout/card-on-file.ts';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import type { PlacementReply } from '#src/lib/commerce/placement-result.ts';
import { recoverAbandonedAttempts } from '#src/server/checkout/placement/recovery.ts';
import { balance, debit } from '#src/server/gift-cards/ledger.ts';
import type { AuthorizeRequest, PaymentGateway } from '#src/server/payments/gateway.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { createSandboxToken } from '#src/server/payments/sandbox/tokens.ts';
import { applyGiftCard, removeTender } from '#src/server/tenders/bag-tenders.ts';
import { GIFT_CARD_REFUSED } from '#src/lib/gift-cards/gift-card-rules.ts';
import { ORDER_TOTAL_CHANGED } from '#src/lib/checkout/order-messages.ts';
import { MAX_DISCOUNTS } from '#src/lib/promo-code.ts';
import { GIFT_CARD_EMPTY, MAX_TENDERS_PER_BASKET, TENDER_ALREADY_APPLIED, TENDER_NOT_ON_BAG } from '#src/lib/tenders/tender-split.ts';
import type { Db } from '#src/server/db/database.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';
import { giftCardIssuer } from '../helpers/gift-card-fixtures.ts';

/**
 * Gift cards as tenders: applied to a bag with their PIN, priced from their ledger, debited by the placement's claim
 * for what the bag says they pay, and given back when the placement does not end in an order. Runs on SQLite, and
 * on PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
let issuer: Awaited<ReturnType<typeof giftCardIssuer>>;
const onPostgres = !!process.env.DATABASE_URL;
const SKU = 'fb-1002-olv-M';
const LEASE_MS = 300;

beforeAll(async () => {
  t = await freshDb();
  issuer = await giftCardIssuer(t.db);
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.db.kysely.updateTable('stock').set({ on_hand: 500 }).where('sku', '=', SKU).execute();
});

async function token(number: string): Promise<string> {
  const form = new URLSearchParams({
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': '2034',
    'card[cvc]': '123',
    'card[name]': 'Ada Lovelace',
  });
  const reply = await createSandboxToken(t.db, form);
  if (reply.status !== 200) throw new Error(`tokenization failed: ${JSON.stringify(reply.body)}`);
  return (reply.body as { id: string }).id;
}

/** A bag with one line, e-mail, address and method; a card when `card` names one. */
async function readyBag(card: string | null = null): Promise<string> {
  const { basketId } = await addItem(t.db, null, { productId: SKU, quantity: 1 });
  await setEmail(t.db, basketId, 'ada@example.com', false);
  await setShippingAddress(t.db, basketId, TEST_ADDRESS, null);
  await confirmShippingMethod(t.db, basketId, 'Regular');
  if (card) {
    await setPayment(t.db, basketId, {
      card: await cardFromGateway(sandboxGateway({ database: async () => t.db, timeoutMs: 200 }), await token(card), null),
      savedCardId: null,
      billingSame: true,
      billingAddress: null,
      customerId: null,
    });
  }
  return basketId;
}

/** The sandbox, recording the amounts it was asked to authorize. */
function recordingGateway(db: Db = t.db) {
  const inner = sandboxGateway({ database: async () => db, timeoutMs: 200 });
  const amounts: number[] = [];
  const gateway: PaymentGateway = {
    ...inner,
    authorize: (r: AuthorizeRequest) => {
      amounts.push(r.amountCents);
      return inner.authorize(r);
    },
  };
  return { gateway, amounts };
}

let keys = 0;
const newKey = () => `tender-key-${Date.now()}-${keys++}-abcdef`;
interface Seen {
  orderTotal: number;
  amountDue: number;
}
/** Places a bag for the totals the shopper saw: those given, or what the bag's checkout says now. */
async function place(gateway: PaymentGateway, basketId: string, opts: { key?: string; db?: Db; requirePayment?: boolean; seen?: Seen } = {}) {
  const seen = opts.seen ?? (await readCheckoutView(opts.db ?? t.db, basketId, null)).basket;
  const body = { orderTotal: seen.orderTotal, amountDue: seen.amountDue };
  return placeOrder(
    opts.db ?? t.db,
    gateway,
    {
      bagId: basketId,
      customerId: null,
      idempotencyKey: opts.key ?? newKey(),
      body,
      expectedTotal: body.orderTotal,
      expectedAmountDue: body.amountDue,
      requirePayment: opts.requirePayment ?? false,
    },
    LEASE_MS,
  );
}

/** Every bag placed at once for the totals seen before, each on a connection of its own on PostgreSQL. */
function placeAll(gateway: PaymentGateway, bags: string[], seen: Seen[]): Promise<PlacementReply[]> {
  return Promise.all(bags.map((id, i) => place(gateway, id, { db: onPostgres ? t.another() : t.db, seen: seen[i]! })));
}

const balanceOf = (cardId: string) => balance(t.db.kysely, cardId);
const ledgerOf = (cardId: string) =>
  t.db.kysely.selectFrom('gift_card_ledger').select(['kind', 'amount_cents']).where('card_id', '=', cardId).execute();
const orderTendersOf = (orderId: string) =>
  t.db.kysely
    .selectFrom('order_tenders')
    .select(['masked_number', 'amount_cents', 'method'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();

describe(`gift cards on a bag (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('a gift card applied with its PIN pays the lesser of its balance and the total; the rest is due from a card', async () => {
    const basketId = await readyBag();
    const before = await readBasket(t.db.kysely, basketId);
    const card = await issuer.card(1000);
    // The code field answers a gift card as it answers every code (checkout spec §4).
    expect(await applyGiftCard(t.db, basketId, card.number, card.pin, 'apply-test')).toMatchObject({ message: 'Code applied successfully' });
    const bag = await readBasket(t.db.kysely, basketId);
    expect(bag.orderTotal).toBe(before.orderTotal);
    expect(bag.tenders).toEqual([
      { paymentInstrumentId: expect.any(String), paymentMethodId: 'SVS_GIFT_CARD', maskedNumber: `•••• ${card.last4}`, amount: 1000, balanceLeft: 0 },
    ]);
    expect(bag.amountDue).toBe(before.orderTotal - 1000);
    expect(bag.summary.giftCardsApplied).toBe(1000);
    // A card holding more than the total pays the total, and nothing is due.
    const big = await issuer.card(before.orderTotal * 3);
    await applyGiftCard(t.db, basketId, big.number, big.pin, 'apply-test');
    const paid = await readBasket(t.db.kysely, basketId);
    expect(paid.tenders.map((x) => x.amount)).toEqual([1000, before.orderTotal - 1000]);
    expect(paid.amountDue).toBe(0);
    await removeTender(t.db, basketId, paid.tenders[0]!.paymentInstrumentId);
    const removed = await readBasket(t.db.kysely, basketId);
    expect(removed.tenders.map((x) => x.amount)).toEqual([before.orderTotal]);
  });

  it("a tender is taken off only its own bag: another bag's or an unknown one is refused and stays", async () => {
    const [mine, theirs] = [await readyBag(), await readyBag()];
    const card = await issuer.card(700);
    await applyGiftCard(t.db, theirs, card.number, card.pin, 'remove-test');
    const [theirTender] = (await readBasket(t.db.kysely, theirs)).tenders;
    await expect(removeTender(t.db, mine, theirTender!.paymentInstrumentId)).rejects.toMatchObject({ code: 'not_found', message: TENDER_NOT_ON_BAG });
    await expect(removeTender(t.db, mine, crypto.randomUUID())).rejects.toMatchObject({ code: 'not_found' });
    expect((await readBasket(t.db.kysely, theirs)).tenders).toEqual([theirTender]);
    await removeTender(t.db, theirs, theirTender!.paymentInstrumentId);
    expect((await readBasket(t.db.kysely, theirs)).tenders).toEqual([]);
  });

  it('a wrong PIN and an unknown number get one answer; the same card twice and a sixth tender are refused', async () => {
    const basketId = await readyBag();
    const card = await issuer.card(500);
    const wrongPin = card.pin === '0000' ? '1111' : '0000';
    await expect(applyGiftCard(t.db, basketId, card.number, wrongPin, 'refusal-test')).rejects.toThrow(GIFT_CARD_REFUSED);
    // A number one digit from the card's, so never the card itself (issued numbers are random).
    const unknown = `${card.number.slice(0, -1)}${(Number(card.number.at(-1)) + 5) % 10}`;
    await expect(applyGiftCard(t.db, basketId, unknown, card.pin, 'refusal-test')).rejects.toThrow(GIFT_CARD_REFUSED);
    await applyGiftCard(t.db, basketId, card.number, card.pin, 'refusal-test');
    await expect(applyGiftCard(t.db, basketId, card.number, card.pin, 'refusal-test')).rejects.toThrow(TENDER_ALREADY_APPLIED);
    for (let i = 1; i < MAX_TENDERS_PER_BASKET; i++) {
      const more = await issuer.card(100);
      await applyGiftCard(t.db, basketId, more.number, more.pin, 'refusal-test');
    }
    const sixth = await issuer.card(100);
    await expect(applyGiftCard(t.db, basketId, sixth.number, sixth.pin, 'refusal-test')).rejects.toThrow(MAX_DISCOUNTS);
    expect((await readBasket(t.db.kysely, basketId)).tenders).toHaveLength(MAX_TENDERS_PER_BASKET);
  });

  it('a card with nothing left is refused, and nothing is applied', async () => {
    const basketId = await readyBag();
    const card = await issuer.card(500);
    await withWriteTransaction(t.db, (tx) => debit(tx, card.cardId, `spent-elsewhere-${basketId}`, 500));
    await expect(applyGiftCard(t.db, basketId, card.number, card.pin, 'empty-card-test')).rejects.toThrow(GIFT_CARD_EMPTY);
    expect((await readBasket(t.db.kysely, basketId)).tenders).toHaveLength(0);
  });

  it('cards applied to one bag at once, each from a client of its own: the same card lands once, and never more than the most tenders, each at a position of its own', async () => {
    const basketId = await readyBag();
    const same = await issuer.card(500);
    const twice = await Promise.allSettled([0, 1].map((i) => applyGiftCard(t.db, basketId, same.number, same.pin, `same-card-${i}`)));
    expect(twice.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(twice.find((r) => r.status === 'rejected')?.reason).toMatchObject({ message: TENDER_ALREADY_APPLIED });
    const cards = await Promise.all(Array.from({ length: MAX_TENDERS_PER_BASKET + 2 }, () => issuer.card(100)));
    const all = await Promise.allSettled(cards.map((c, i) => applyGiftCard(t.db, basketId, c.number, c.pin, `many-cards-${i}`)));
    expect(all.filter((r) => r.status === 'fulfilled')).toHaveLength(MAX_TENDERS_PER_BASKET - 1);
    for (const r of all) if (r.status === 'rejected') expect(r.reason).toMatchObject({ message: MAX_DISCOUNTS });
    const positions = (await t.db.kysely.selectFrom('bag_tenders').select('position').where('basket_id', '=', basketId).execute()).map(
      (row) => row.position,
    );
    expect(positions).toHaveLength(MAX_TENDERS_PER_BASKET);
    expect(new Set(positions).size).toBe(MAX_TENDERS_PER_BASKET);
  });
});

describe(`gift cards at sign-in (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it("the guest bag's gift cards join the account's bag after its own, each card once", async () => {
    const stored = await readyBag();
    const guest = await readyBag();
    const shared = await issuer.card(300);
    const own = await issuer.card(400);
    await applyGiftCard(t.db, stored, shared.number, shared.pin, 'merge-test');
    await applyGiftCard(t.db, guest, own.number, own.pin, 'merge-test');
    await applyGiftCard(t.db, guest, shared.number, shared.pin, 'merge-test');
    const customerId = `tender-merge-${Date.now()}`;
    await t.db.kysely
      .insertInto('customers')
      .values({
        id: customerId,
        email: `${customerId}@example.com`,
        first_name: 'Ada',
        last_name: 'Lovelace',
        password_hash: null,
        basket_id: stored,
        created_at: new Date().toISOString(),
        email_verified_at: null,
      })
      .execute();
    const outcome = await withWriteTransaction(t.db, (tx) => mergeBaskets(t.db, tx, guest, customerId));
    const bag = await readBasket(t.db.kysely, outcome.basketId);
    expect(bag.tenders.map((x) => x.maskedNumber)).toEqual([`•••• ${shared.last4}`, `•••• ${own.last4}`]);
  });
});

describe(`placing an order with gift cards (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('a bag paid in full by gift card is placed with no card and no gateway call; the order keeps its tender', async () => {
    const { gateway, amounts } = recordingGateway();
    const basketId = await readyBag();
    const total = (await readBasket(t.db.kysely, basketId)).orderTotal;
    const card = await issuer.card(total + 700);
    await applyGiftCard(t.db, basketId, card.number, card.pin, 'place-test');
    // payment_place_order/create refuses an order with nothing left for a card.
    const refused = await place(gateway, basketId, { requirePayment: true });
    expect(refused.status).toBe(400);
    expect(await balanceOf(card.cardId)).toBe(total + 700);
    const reply = await place(gateway, basketId);
    expect(reply.result.confirmationStatus).toBe('confirmed');
    expect(amounts).toEqual([]);
    expect(await balanceOf(card.cardId)).toBe(700);
    expect(await orderTendersOf(reply.result.orderId!)).toEqual([
      { masked_number: `•••• ${card.last4}`, amount_cents: total, method: 'SVS_GIFT_CARD' },
    ]);
    const order = await t.db.kysely
      .selectFrom('orders')
      .select(['total_cents', 'authorization_id', 'payment_summary', 'summary'])
      .where('id', '=', reply.result.orderId!)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ total_cents: total, authorization_id: null, payment_summary: null });
    expect(JSON.parse(order.summary!)).toMatchObject({ giftCardsApplied: total, amountDue: 0 });
    const mail = await t.db.kysely
      .selectFrom('outbox')
      .select('text_body')
      .where('subject', 'like', `%${reply.result.orderNo}%`)
      .executeTakeFirstOrThrow();
    // The e-mail's order total is the whole total; the gift card follows it as the payment, with what it keeps.
    expect(mail.text_body).toContain(`Order total: $${(total / 100).toFixed(2)}`);
    expect(mail.text_body).toContain(`Payments\nGift card •••• ${card.last4}: $${(total / 100).toFixed(2)} (balance left $7.00)\n`);
  });

  it('a change at review that leaves part unpaid with no card on the order is a changed total', async () => {
    const { gateway, amounts } = recordingGateway();
    const basketId = await readyBag();
    const seen = await readBasket(t.db.kysely, basketId);
    const card = await issuer.card(seen.orderTotal);
    await applyGiftCard(t.db, basketId, card.number, card.pin, 'review-test');
    await addItem(t.db, basketId, { productId: SKU, quantity: 1 });
    const now = await readBasket(t.db.kysely, basketId);
    expect(now.amountDue).toBeGreaterThan(0);
    const reply = await place(gateway, basketId, { seen: { orderTotal: seen.orderTotal, amountDue: 0 } });
    expect(reply.status).toBe(409);
    expect(reply.result.message).toBe(ORDER_TOTAL_CHANGED);
    expect(amounts).toEqual([]);
    expect(await balanceOf(card.cardId)).toBe(seen.orderTotal);
  });

  it('a gift card and a card: the card is authorized for what the gift card leaves, never the whole total', async () => {
    const { gateway, amounts } = recordingGateway();
    const basketId = await readyBag('4242424242424242');
    const total = (await readBasket(t.db.kysely, basketId)).orderTotal;
    const card = await issuer.card(1500);
    await applyGiftCard(t.db, basketId, card.number, card.pin, 'split-test');
    const reply = await place(gateway, basketId);
    expect(reply.result.confirmationStatus).toBe('confirmed');
    expect(amounts).toEqual([total - 1500]);
    expect(await balanceOf(card.cardId)).toBe(0);
    expect((await orderTendersOf(reply.result.orderId!)).map((r) => r.amount_cents)).toEqual([1500]);
  });

  it('a declined card leaves the gift card balance as it was', async () => {
    const { gateway } = recordingGateway();
    const basketId = await readyBag('4000000000000002');
    const card = await issuer.card(1200);
    await applyGiftCard(t.db, basketId, card.number, card.pin, 'decline-test');
    const reply = await place(gateway, basketId);
    expect(reply.result.confirmationStatus).toBe('failed');
    expect(await balanceOf(card.cardId)).toBe(1200);
    expect((await ledgerOf(card.cardId)).map((r) => r.kind).sort()).toEqual(['debit', 'issue', 'reversal']);
  });

  it('a placement replayed with its key debits the gift card once', async () => {
    const { gateway } = recordingGateway();
    const basketId = await readyBag('4242424242424242');
    const card = await issuer.card(900);
    await applyGiftCard(t.db, basketId, card.number, card.pin, 'replay-test');
    const key = newKey();
    const first = await place(gateway, basketId, { key });
    const again = await place(gateway, basketId, { key, seen: { orderTotal: first.result.orderTotal, amountDue: first.result.orderTotal - 900 } });
    expect(again.replayed).toBe(true);
    expect(again.result.orderNo).toBe(first.result.orderNo);
    expect((await ledgerOf(card.cardId)).filter((r) => r.kind === 'debit')).toHaveLength(1);
    expect(await balanceOf(card.cardId)).toBe(0);
  });

  it('a gift card spent elsewhere since the shopper looked: the total changed, and nothing is debited', async () => {
    const { gateway } = recordingGateway();
    const first = await readyBag('4242424242424242');
    const second = await readyBag('4242424242424242');
    const card = await issuer.card(1000);
    await applyGiftCard(t.db, first, card.number, card.pin, 'spent-test');
    await applyGiftCard(t.db, second, card.number, card.pin, 'spent-test');
    const seen = (await readBasket(t.db.kysely, second)).amountDue;
    expect((await place(gateway, first)).result.confirmationStatus).toBe('confirmed');
    const total = (await readBasket(t.db.kysely, second)).orderTotal;
    const reply = await place(gateway, second, { seen: { orderTotal: total, amountDue: seen } });
    expect(reply.status).toBe(409);
    expect(reply.result.message).toBe(ORDER_TOTAL_CHANGED);
    expect((await ledgerOf(card.cardId)).filter((r) => r.kind === 'debit')).toHaveLength(1);
  });

  it('recovery after a lapsed lease gives the gift card back what the claim debited', async () => {
    const { gateway: inner } = recordingGateway();
    // A process that never hears back from the gateway: the attempt stays 'authorizing' until its lease lapses.
    const stuck: PaymentGateway = { ...inner, authorize: () => new Promise(() => {}) };
    const basketId = await readyBag('4242424242424242');
    const card = await issuer.card(800);
    await applyGiftCard(t.db, basketId, card.number, card.pin, 'recovery-test');
    void place(stuck, basketId);
    await expect.poll(() => balanceOf(card.cardId)).toBe(0);
    expect(await recoverAbandonedAttempts(t.db, inner, new Date(Date.now() + 10 * 60_000))).toMatchObject({ recovered: 1 });
    expect(await balanceOf(card.cardId)).toBe(800);
    const bag = await t.db.kysely.selectFrom('baskets').select(['status', 'placing_attempt_id']).where('id', '=', basketId).executeTakeFirstOrThrow();
    expect(bag).toEqual({ status: 'open', placing_attempt_id: null });
  });

  it('one $30.00 gift card on 20 bags of $31.78 (an item whose stock is not counted), placed at once: the card alone orders the claims, it pays one of them', async () => {
    // No stock row is written, so no lock but the card's keeps two claims from reading the same balance.
    await t.db.kysely.updateTable('variants').set({ track_stock: 0 }).where('sku', '=', SKU).execute();
    try {
      const { gateway } = recordingGateway();
      const card = await issuer.card(3000);
      const bags: string[] = [];
      for (let i = 0; i < 20; i++) {
        const basketId = await readyBag('4242424242424242');
        await applyGiftCard(t.db, basketId, card.number, card.pin, `untracked-${i}`);
        bags.push(basketId);
      }
      const seen = await Promise.all(bags.map((id) => readBasket(t.db.kysely, id)));
      // Each bag's share of the card is the whole $30.00: only one placement can have it.
      for (const bag of seen) expect(bag.tenders[0]?.amount).toBe(3000);
      const replies = await placeAll(gateway, bags, seen);
      expect(replies.filter((r) => r.result.confirmationStatus === 'confirmed')).toHaveLength(1);
      for (const r of replies.filter((x) => x.result.confirmationStatus !== 'confirmed')) expect(r.result.message).toBe(ORDER_TOTAL_CHANGED);
      const ledger = await ledgerOf(card.cardId);
      expect(ledger.filter((r) => r.kind === 'debit').map((r) => r.amount_cents)).toEqual([-3000]);
      expect(await balanceOf(card.cardId)).toBe(0);
    } finally {
      await t.db.kysely.updateTable('variants').set({ track_stock: 1 }).where('sku', '=', SKU).execute();
    }
  });

  it('one $50.00 gift card and 20 concurrent placements of 20 bags applying it: at most $50.00 spent, every order paid in full', async () => {
    const { gateway } = recordingGateway();
    const card = await issuer.card(5000);
    const bags: string[] = [];
    for (let i = 0; i < 20; i++) {
      const basketId = await readyBag('4242424242424242');
      await applyGiftCard(t.db, basketId, card.number, card.pin, `race-${i}`);
      bags.push(basketId);
    }
    const seen = await Promise.all(bags.map((id) => readBasket(t.db.kysely, id)));
    const replies = await placeAll(gateway, bags, seen);
    const confirmed = replies.filter((r) => r.result.confirmationStatus === 'confirmed');
    const ledger = await ledgerOf(card.cardId);
    const spent = -ledger.filter((r) => r.kind !== 'issue').reduce((s, r) => s + r.amount_cents, 0);
    expect(confirmed.length).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(5000);
    expect(await balanceOf(card.cardId)).toBe(5000 - spent);
    expect(ledger.reduce((s, r) => s + r.amount_cents, 0)).toBe(5000 - spent);
    // Every order: its tenders plus what its card was authorized for make its total; the tenders together are what
    // the gift card's ledger lost.
    let tendered = 0;
    for (const r of confirmed) {
      const paid = (await orderTendersOf(r.result.orderId!)).reduce((s, x) => s + x.amount_cents, 0);
      const order = await t.db.kysely
        .selectFrom('orders')
        .select(['total_cents', 'attempt_id'])
        .where('id', '=', r.result.orderId!)
        .executeTakeFirstOrThrow();
      const held = await gateway.findByReference(order.attempt_id!);
      const charged = held.filter((a) => a.status === 'authorized').reduce((s, a) => s + a.amountCents, 0);
      expect(paid + charged).toBe(order.total_cents);
      tendered += paid;
    }
    expect(tendered).toBe(spent);
    for (const r of replies.filter((x) => x.result.confirmationStatus !== 'confirmed')) expect(r.result.message).toBe(ORDER_TOTAL_CHANGED);
    console.info(`[tenders] ${onPostgres ? 'PostgreSQL' : 'SQLite'}: ${confirmed.length} of 20 placed, ${spent} cents spent of 5000`);
  });
});
