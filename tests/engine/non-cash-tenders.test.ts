import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addItem, removeItem } from '#src/server/commerce/basket.ts';
import { readBasket } from '#src/server/commerce/basket-read.ts';
import { applyCode } from '#src/server/commerce/coupons.ts';
import { readProduct } from '#src/server/commerce/catalog.ts';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import type { Db } from '#src/server/db/database.ts';
import { balance } from '#src/server/gift-cards/ledger.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { rewardsAvailable } from '#src/server/rewards/rewards-dollars.ts';
import { rewardsOffersFor } from '#src/server/tenders/rewards-offers.ts';
import { applyGiftCard } from '#src/server/tenders/bag-tenders.ts';
import { applyCertificate, applyRewards } from '#src/server/tenders/reward-tenders.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { giftCardIssuer } from '../helpers/gift-card-fixtures.ts';
import { readyBag } from '../helpers/ready-bag.ts';
import { certificateFor, grantRewards, rewardsCustomer } from '../helpers/rewards-fixtures.ts';

/**
 * Value that is not cash (gift cards, reward certificates, ELQ and Dia rewards dollars) pays only for merchandise and
 * what ships and is taxed with it, never for a gift card; a programme's rewards only on a bag holding its brands; no
 * rewards on a brand that takes none. Each rule holds when the tender is applied and again when the bag is placed,
 * and a refusal names the brand or the items. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
let issuer: Awaited<ReturnType<typeof giftCardIssuer>>;
const onPostgres = !!process.env.DATABASE_URL;
/** Fernbrook (ELQ), June Lane (Dia) and Kestrel Shoe Co. (Dia, takes no rewards) merchandise. */
const ELQ_SKU = 'fb-1002-olv-M';
const DIA_SKU = 'jl-4005-cor-M';
let KESTREL_SKU: string;
const PLASTIC = { productId: 'gc-2-gc-25', quantity: 1, giftCardRecipient: 'Sam', giftCardSender: 'Alex' };
const E_GIFT = {
  productId: 'egc-3-egc-25',
  quantity: 1,
  giftCardRecipient: 'Sam',
  giftCardSender: 'Alex',
  giftCardRecipientEmail: 'sam@example.com',
};

beforeAll(async () => {
  t = await freshDb();
  issuer = await giftCardIssuer(t.db);
  KESTREL_SKU = (await readProduct(t.db, 'ks-6004'))!.variants[0]!.id;
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.db.kysely.updateTable('stock').set({ on_hand: 500 }).where('sku', 'in', [ELQ_SKU, DIA_SKU, KESTREL_SKU]).execute();
});

const gateway = (db: Db = t.db) => sandboxGateway({ database: async () => db, timeoutMs: 2000 });
let keys = 0;

/** Places the bag with the total and amount due as the shopper sees them now. */
async function place(basketId: string, customerId: string | null) {
  const bag = await readBasket(t.db.kysely, basketId);
  return placeOrder(
    t.db,
    gateway(),
    {
      bagId: basketId,
      customerId,
      idempotencyKey: `non-cash-${Date.now()}-${keys++}-abcdef`,
      body: { orderTotal: bag.orderTotal, amountDue: bag.amountDue },
      expectedTotal: bag.orderTotal,
      expectedAmountDue: bag.amountDue,
    },
    2000,
  );
}

const lineOf = async (basketId: string, sku: string) => (await readBasket(t.db.kysely, basketId)).lines.find((l) => l.productId === sku)!;

describe(`what value that is not cash pays for, at apply (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('a bag of only gift cards, plastic or e-gift, takes no gift card, certificate or rewards, and the refusal names gift cards', async () => {
    const customer = await rewardsCustomer(t.db, ['elq']);
    await grantRewards(t.db, customer.id, 'elq', 1000);
    const certificate = await certificateFor(t.db, customer.id, 1000);
    const card = await issuer.card(10_000);
    for (const giftCardLine of [PLASTIC, E_GIFT]) {
      const { basketId } = await addItem(t.db, null, giftCardLine);
      await expect(applyGiftCard(t.db, basketId, card.number, card.pin, 'non-cash')).rejects.toThrow("Gift cards can't be used to buy gift cards.");
      await expect(applyCertificate(t.db, basketId, customer.id, certificate.number)).rejects.toThrow(
        "Rewards and certificates can't be used to buy gift cards.",
      );
      await expect(applyRewards(t.db, basketId, customer.id, 'zq')).rejects.toThrow("Rewards and certificates can't be used to buy gift cards.");
      expect((await readBasket(t.db.kysely, basketId)).tenders).toEqual([]);
    }
  });

  it('a mixed bag: a gift card pays its merchandise, shipping and tax, and leaves the gift card lines and their fee to the card', async () => {
    const card = await issuer.card(100_000);
    const { basketId } = await readyBag(t.db, ELQ_SKU);
    const before = await readBasket(t.db.kysely, basketId);
    await addItem(t.db, basketId, PLASTIC);
    await addItem(t.db, basketId, E_GIFT);
    const applied = await applyGiftCard(t.db, basketId, card.number, card.pin, 'non-cash');
    expect(applied.message).toBe('Code applied successfully. Your card pays for the gift cards.');
    const bag = await readBasket(t.db.kysely, basketId);
    // The gift cards add $25.00 each and the plastic card's fee; shipping and tax are those of the merchandise.
    expect(bag.orderTotal).toBe(before.orderTotal + 2500 + 2500 + bag.summary.giftCardSurcharges!);
    expect(bag.summary.giftCardSurcharges).toBeGreaterThan(0);
    expect(bag.summary.giftCardsApplied).toBe(before.orderTotal);
    expect(bag.amountDue).toBe(2500 + 2500 + bag.summary.giftCardSurcharges!);
  });

  it('rewards and certificates on a bag with a Kestrel Shoe Co. item are refused, naming the brand; a gift card is taken', async () => {
    const customer = await rewardsCustomer(t.db, ['elq', 'dia']);
    await grantRewards(t.db, customer.id, 'dia', 1000);
    const certificate = await certificateFor(t.db, customer.id, 1000);
    const { basketId } = await readyBag(t.db, ELQ_SKU);
    await addItem(t.db, basketId, { productId: KESTREL_SKU, quantity: 1 });
    const refusal = "Rewards and certificates can't be used with Kestrel Shoe Co. items.";
    await expect(applyCertificate(t.db, basketId, customer.id, certificate.number)).rejects.toThrow(refusal);
    await expect(applyRewards(t.db, basketId, customer.id, 'dia')).rejects.toThrow(refusal);
    // Nor are they offered on it.
    expect(await rewardsOffersFor(t.db.kysely, customer.id, await readBasket(t.db.kysely, basketId))).toEqual([]);
    const card = await issuer.card(1000);
    await applyGiftCard(t.db, basketId, card.number, card.pin, 'non-cash');
    expect((await readBasket(t.db.kysely, basketId)).summary.giftCardsApplied).toBe(1000);
  });

  it("a programme's rewards only on a bag holding one of its brands, the refusal naming them", async () => {
    const customer = await rewardsCustomer(t.db, ['elq', 'dia']);
    await grantRewards(t.db, customer.id, 'elq', 1000);
    await grantRewards(t.db, customer.id, 'dia', 1000);
    const { basketId } = await readyBag(t.db, DIA_SKU);
    await expect(applyRewards(t.db, basketId, customer.id, 'zq')).rejects.toThrow(
      'ELQ Rewards can be used only with Fernbrook, Willow & Wren, Ridgemere or Cove & Alder items.',
    );
    await applyRewards(t.db, basketId, customer.id, 'dia');
    const elqOnly = await readyBag(t.db, ELQ_SKU);
    await expect(applyRewards(t.db, elqOnly.basketId, customer.id, 'dia')).rejects.toThrow(
      'Dia Shop Rewards can be used only with June Lane, Bayhollow or Kestrel Shoe Co. items.',
    );
  });

  it('the rewards offer is what the rewards may pay: nothing of a gift card line', async () => {
    const customer = await rewardsCustomer(t.db, ['elq']);
    await grantRewards(t.db, customer.id, 'elq', 900_000);
    const { basketId, total } = await readyBag(t.db, ELQ_SKU);
    await addItem(t.db, basketId, PLASTIC);
    const [offer] = await rewardsOffersFor(t.db.kysely, customer.id, await readBasket(t.db.kysely, basketId));
    expect(offer?.applicableRewards).toBe(total);
  });
});

describe(`what value that is not cash pays for, at placement (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('a bag that gained a gift card line after a gift card paid it all: the gift card pays the merchandise only, the card the rest', async () => {
    const card = await issuer.card(100_000);
    const { basketId, total } = await readyBag(t.db, ELQ_SKU);
    await applyGiftCard(t.db, basketId, card.number, card.pin, 'non-cash');
    expect((await readBasket(t.db.kysely, basketId)).amountDue).toBe(0);
    await addItem(t.db, basketId, E_GIFT);
    const reply = await place(basketId, null);
    expect(reply.result.confirmationStatus).toBe('confirmed');
    expect(await balance(t.db.kysely, card.cardId)).toBe(100_000 - total);
    const paid = await t.db.kysely.selectFrom('order_tenders').select('amount_cents').where('order_id', '=', reply.result.orderId!).execute();
    expect(paid.map((p) => p.amount_cents)).toEqual([total]);
  });

  it('a bag left with only gift cards after a gift card was applied is refused, naming gift cards, and nothing is debited', async () => {
    const card = await issuer.card(100_000);
    const { basketId } = await readyBag(t.db, ELQ_SKU);
    await addItem(t.db, basketId, E_GIFT);
    await applyGiftCard(t.db, basketId, card.number, card.pin, 'non-cash');
    await removeItem(t.db, basketId, (await lineOf(basketId, ELQ_SKU)).itemId);
    const reply = await place(basketId, null);
    expect(reply.status).toBe(422);
    expect(reply.result.message).toBe("Gift cards can't be used to buy gift cards.");
    expect(await balance(t.db.kysely, card.cardId)).toBe(100_000);
  });

  it("ELQ rewards on a bag that lost its ELQ items are refused at placement, naming ELQ's brands, and not spent", async () => {
    const customer = await rewardsCustomer(t.db, ['elq']);
    await grantRewards(t.db, customer.id, 'elq', 700);
    const { basketId } = await readyBag(t.db, ELQ_SKU);
    await addItem(t.db, basketId, { productId: DIA_SKU, quantity: 1 });
    await applyRewards(t.db, basketId, customer.id, 'zq');
    await removeItem(t.db, basketId, (await lineOf(basketId, ELQ_SKU)).itemId);
    const reply = await place(basketId, customer.id);
    expect(reply.status).toBe(422);
    expect(reply.result.message).toBe('ELQ Rewards can be used only with Fernbrook, Willow & Wren, Ridgemere or Cove & Alder items.');
    expect(await rewardsAvailable(t.db.kysely, customer.id, 'zq')).toBe(700);
  });

  it('a certificate on a bag that gained a Kestrel Shoe Co. item is refused at placement, naming the brand, and not used', async () => {
    const customer = await rewardsCustomer(t.db);
    const certificate = await certificateFor(t.db, customer.id, 1000);
    const { basketId } = await readyBag(t.db, ELQ_SKU);
    await applyCertificate(t.db, basketId, customer.id, certificate.number);
    await addItem(t.db, basketId, { productId: KESTREL_SKU, quantity: 1 });
    const reply = await place(basketId, customer.id);
    expect(reply.status).toBe(422);
    expect(reply.result.message).toBe("Rewards and certificates can't be used with Kestrel Shoe Co. items.");
    const row = await t.db.kysely.selectFrom('reward_certificates').select('used_at').where('id', '=', certificate.id).executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });
});

describe(`points on what money paid (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  const pointsOf = (orderId: string) =>
    t.db.kysely
      .selectFrom('rewards_earnings')
      .select(['programme', 'points'])
      .where('order_id', '=', orderId)
      .execute()
      .then((rows) => Object.fromEntries(rows.map((r) => [r.programme, r.points])));

  it('a code discounting the June Lane dress lowers Dia points only: 89 ELQ and 42 Dia points', async () => {
    // A Willow & Wren blazer at $89.50 and a June Lane dress at $46.67, which DRESS10 takes $4.67 off.
    const blazer = (await readProduct(t.db, 'ww-2003'))!.variants[0]!.id;
    const dress = (await readProduct(t.db, 'jl-4004'))!.variants[0]!.id;
    await t.db.kysely.updateTable('variants').set({ sale_price_cents: 8950 }).where('sku', '=', blazer).execute();
    await t.db.kysely.updateTable('variants').set({ sale_price_cents: 4667 }).where('sku', '=', dress).execute();
    await t.db.kysely.updateTable('stock').set({ on_hand: 50 }).where('sku', 'in', [blazer, dress]).execute();
    const customer = await rewardsCustomer(t.db, ['elq', 'dia']);
    const { basketId } = await readyBag(t.db, blazer);
    await addItem(t.db, basketId, { productId: dress, quantity: 1 });
    await applyCode(t.db, basketId, 'DRESS10', '', true);
    expect((await readBasket(t.db.kysely, basketId)).summary.couponDiscount).toBe(467);
    const reply = await place(basketId, customer.id);
    expect(reply.result.confirmationStatus).toBe('confirmed');
    expect(await pointsOf(reply.result.orderId!)).toEqual({ fbb: 131, elq: 89, dia: 42 });
  });

  it('what a certificate and rewards dollars paid earns nothing; what a gift card and the card paid earns', async () => {
    const customer = await rewardsCustomer(t.db, ['elq']);
    await grantRewards(t.db, customer.id, 'elq', 500);
    const certificate = await certificateFor(t.db, customer.id, 1000);
    const card = await issuer.card(1000);
    const { basketId } = await readyBag(t.db, ELQ_SKU, '4242424242424242', 3);
    const merchandise = (await readBasket(t.db.kysely, basketId)).summary.subTotal;
    await applyCertificate(t.db, basketId, customer.id, certificate.number);
    await applyRewards(t.db, basketId, customer.id, 'zq');
    await applyGiftCard(t.db, basketId, card.number, card.pin, 'non-cash');
    const reply = await place(basketId, customer.id);
    expect(reply.result.confirmationStatus).toBe('confirmed');
    const points = Math.floor((merchandise - 1000 - 500) / 100);
    expect(await pointsOf(reply.result.orderId!)).toEqual({ fbb: points, elq: points });
  });
});
