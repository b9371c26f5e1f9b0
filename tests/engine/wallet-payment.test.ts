import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addItem } from '#src/server/commerce/basket.ts';
import { readBasket } from '#src/server/commerce/basket-read.ts';
import { readProduct } from '#src/server/commerce/catalog.ts';
import { priceForState } from '#src/server/commerce/shipping.ts';
import { createCustomer } from '#src/server/accounts/accounts.ts';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import { readOrderConfirmation } from '#src/server/orders/orders.ts';
import { EXPRESS_NOT_OFFERED, NOTHING_TO_PAY, WALLET_SESSION_REFUSED } from '#src/server/checkout/placement/placement-types.ts';
import { chooseEcoship, readCheckoutView, setPayment } from '#src/server/checkout/checkout-service.ts';
import { cardFromGateway } from '#src/server/checkout/card-on-file.ts';
import type { Db } from '#src/server/db/database.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { applyGiftCard } from '#src/server/tenders/bag-tenders.ts';
import { embeddedValidator } from '#src/server/wallet/embedded-validator.ts';
import { authorizeWalletPayment } from '#src/server/wallet/wallet-payment.ts';
import type { WalletAuthorize } from '#src/lib/wallet/wallet-schemas.ts';
import { ZIP_INVALID } from '#src/lib/checkout/address-rules.ts';
import { ORDER_TOTAL_CHANGED } from '#src/lib/checkout/order-messages.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { giftCardIssuer } from '../helpers/gift-card-fixtures.ts';
import { sandboxToken } from '../helpers/ready-bag.ts';
import { walletContact } from '../helpers/wallet-contact.ts';

/**
 * Apple Pay's payment, exactly once: the sheet's token (a card sandbox token and its merchant session) pays through
 * the placement as a card does. However many requests carry one key, the gateway authorizes once and one order is
 * written; the merchant session pays once. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
const onPostgres = !!process.env.DATABASE_URL;
const SKU = 'fb-1002-olv-M';
const LEASE_MS = 2000;

beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.db.kysely.updateTable('stock').set({ on_hand: 500 }).where('sku', '=', SKU).execute();
});

const gateway = (db: Db = t.db) => sandboxGateway({ database: async () => db, timeoutMs: 2000 });
const validator = (now?: () => number) => embeddedValidator({ database: async () => t.db, ...(now ? { now } : {}) });

const contact = walletContact('Ada@Example.com');

async function merchantSession(now?: () => number): Promise<string> {
  const result = await validator(now).validate({
    validationUrl: 'https://apple-pay-gateway.apple.com/paymentservices/paymentSession',
    domainName: '127.0.0.1',
    displayName: 'Seven Brands',
  });
  if (!result.ok) throw new Error('no merchant session');
  return result.session.merchantSessionIdentifier;
}

/** A bag with one line and nothing else, and the payment the sheet hands over for it (priced for the contact's state). */
async function sheetPayment(options: { card?: string; sessionId?: string; basketId?: string } = {}) {
  const basketId = options.basketId ?? (await addItem(t.db, null, { productId: SKU, quantity: 1 } as never)).basketId;
  const { bag } = await priceForState(t.db, basketId, 'IL');
  const input: WalletAuthorize = {
    amountDue: bag.amountDue,
    payment: {
      token: {
        paymentData: {
          version: 'sandbox',
          cardToken: await sandboxToken(t.db, options.card ?? '4242424242424242'),
          merchantSessionIdentifier: options.sessionId ?? (await merchantSession()),
        },
        paymentMethod: { displayName: 'Visa 4242', network: 'Visa', type: 'credit' },
        transactionIdentifier: 'sandbox-transaction',
      },
      shippingContact: contact,
      billingContact: { ...contact, emailAddress: '', phoneNumber: '' },
    },
  };
  return { basketId, input, amountDue: bag.amountDue };
}

let keys = 0;
const pay = (p: { basketId: string; input: WalletAuthorize }, key = `wallet-key-${keys++}-0123456789`, db: Db = t.db) =>
  authorizeWalletPayment(db, gateway(db), { bagId: p.basketId, customerId: null, key, input: p.input, leaseMs: LEASE_MS });

const ordersOf = async (basketId: string) =>
  t.db.kysely.selectFrom('orders').select(['id', 'email', 'shipping_address']).where('basket_id', '=', basketId).execute();
/** The gateway's holds (refusals hold nothing) made under any placement attempt of the bag. */
const authorizationsOf = async (basketId: string) =>
  (
    await t.db.kysely
      .selectFrom('payment_sandbox_authorizations')
      .select('id')
      .where('status', '!=', 'refused')
      .where('reference', 'in', t.db.kysely.selectFrom('checkout_attempts').select('id').where('basket_id', '=', basketId))
      .execute()
  ).length;
const onHand = async () => (await t.db.kysely.selectFrom('stock').select('on_hand').where('sku', '=', SKU).executeTakeFirstOrThrow()).on_hand;

describe('Apple Pay payment', () => {
  it('places the order with the sheet’s address and e-mail, paid by the token’s card', async () => {
    const p = await sheetPayment();
    const reply = await pay(p);
    expect(reply.status).toBe(200);
    expect(reply.result).toMatchObject({ confirmationStatus: 'confirmed', message: null, errors: [] });
    expect(reply.result.orderNo).toMatch(/\S/);
    const [order] = await ordersOf(p.basketId);
    expect(order?.email).toBe('ada@example.com');
    expect(JSON.parse(order?.shipping_address ?? '{}')).toMatchObject({ firstName: 'Ada', stateCode: 'IL', phone: '(217) 555-0134' });
  });

  it('names Apple Pay with the card it paid with on the order', async () => {
    const p = await sheetPayment();
    expect((await pay(p)).result.confirmationStatus).toBe('confirmed');
    const [order] = await ordersOf(p.basketId);
    const confirmation = await readOrderConfirmation(t.db, order!.id);
    expect(confirmation?.payments).toEqual([{ label: 'Apple Pay (Visa ending in 4242)', amount: p.amountDue, balanceLeft: null }]);
    expect(confirmation?.payment).toEqual({ method: 'apple pay', cardType: 'Visa', last4: '4242' });
  });

  it('carries the EcoShip choice held on the bag into the order', async () => {
    const { basketId } = await addItem(t.db, null, { productId: SKU, quantity: 1 } as never);
    await chooseEcoship(t.db, basketId, true);
    const { ecoship } = await readBasket(t.db.kysely, basketId);
    expect(ecoship?.ecoshipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const reply = await pay(await sheetPayment({ basketId }));
    expect(reply.result.confirmationStatus).toBe('confirmed');
    const order = await t.db.kysely.selectFrom('orders').select('ecoship_date').where('basket_id', '=', basketId).executeTakeFirstOrThrow();
    expect(order.ecoship_date).toBe(ecoship?.ecoshipDate);
  });

  it('fifty authorizes with one key at once: one gateway authorization, one order, forty-nine replays', async () => {
    const p = await sheetPayment();
    const key = 'wallet-fifty-0123456789';
    const handles = Array.from({ length: 50 }, (_, i) => (onPostgres && i % 2 ? t.another() : t.db));
    const replies = await Promise.all(handles.map((db) => pay(p, key, db)));
    const orderNos = new Set(replies.map((r) => r.result.orderNo));
    expect(orderNos.size).toBe(1);
    expect([...orderNos][0]).not.toBeNull();
    expect(replies.every((r) => r.result.confirmationStatus === 'confirmed')).toBe(true);
    expect(replies.filter((r) => r.replayed)).toHaveLength(49);
    expect(await ordersOf(p.basketId)).toHaveLength(1);
    expect(await authorizationsOf(p.basketId)).toBe(1);
  });

  it('the same payment sent again replays the first reply', async () => {
    const p = await sheetPayment();
    const first = await pay(p, 'wallet-replay-0123456789');
    const again = await pay(p, 'wallet-replay-0123456789');
    expect(again.replayed).toBe(true);
    expect(again.result).toEqual(first.result);
  });

  it('a merchant session pays once: another key with a used session is refused, as is an expired one', async () => {
    const used = await sheetPayment();
    expect((await pay(used)).result.confirmationStatus).toBe('confirmed');
    const sessionId = used.input.payment.token.paymentData.merchantSessionIdentifier;
    const second = await sheetPayment({ sessionId });
    const refused = await pay(second);
    expect(refused.result).toMatchObject({ confirmationStatus: 'failed', message: WALLET_SESSION_REFUSED });
    expect(await ordersOf(second.basketId)).toHaveLength(0);
    const expired = await sheetPayment({ sessionId: await merchantSession(() => Date.now() - 10 * 60_000) });
    expect((await pay(expired)).result).toMatchObject({ confirmationStatus: 'failed', message: WALLET_SESSION_REFUSED });
    expect(await ordersOf(expired.basketId)).toHaveLength(0);
  });

  it('a declined card: no order, the stock and bag as they were, and the bag then pays by card', async () => {
    const before = await onHand();
    const p = await sheetPayment({ card: '4000000000000002' });
    const reply = await pay(p);
    expect(reply.status).toBe(402);
    expect(reply.result).toMatchObject({ confirmationStatus: 'failed', message: 'Your card was declined.', basketId: p.basketId });
    expect(await ordersOf(p.basketId)).toHaveLength(0);
    expect(await onHand()).toBe(before);
    expect((await readBasket(t.db.kysely, p.basketId)).lines).toHaveLength(1);
    expect(await authorizationsOf(p.basketId)).toBe(0);
    const card = await cardFromGateway(gateway(), await sandboxToken(t.db, '4242424242424242'), null);
    await setPayment(t.db, p.basketId, { card, savedCardId: null, billingSame: true, billingAddress: null, customerId: null });
    const view = await readCheckoutView(t.db, p.basketId, null);
    expect(view._flash).toEqual([]);
    const byCard = await placeOrder(
      t.db,
      gateway(),
      { bagId: p.basketId, customerId: null, idempotencyKey: `card-after-${p.basketId}`, body: {}, expectedTotal: view.basket.orderTotal },
      LEASE_MS,
    );
    expect(byCard.result.confirmationStatus).toBe('confirmed');
  });

  it('refuses a bag with a perks membership, and a bag with nothing to pay', async () => {
    const perks = (await readProduct(t.db, 'fb-perks'))!.variants[0]!.id;
    const c = await createCustomer(t.db, { email: `wallet.${Date.now()}@example.com`, firstName: 'Ada', lastName: 'Lovelace', password: null });
    const { basketId } = await addItem(t.db, null, { productId: perks, quantity: 1 }, undefined, c.id);
    const member = await sheetPayment({ basketId });
    const refused = await authorizeWalletPayment(t.db, gateway(), {
      bagId: basketId,
      customerId: c.id,
      key: 'wallet-perks-0123456789',
      input: member.input,
      leaseMs: LEASE_MS,
    });
    expect(refused.result).toMatchObject({ confirmationStatus: 'failed', message: EXPRESS_NOT_OFFERED });
    expect(await ordersOf(basketId)).toHaveLength(0);

    const free = await sheetPayment();
    const giftCard = await (await giftCardIssuer(t.db)).card(100_000);
    await applyGiftCard(t.db, free.basketId, giftCard.number, giftCard.pin, 'wallet-test');
    const nothing = await pay({ basketId: free.basketId, input: { ...free.input, amountDue: 0 } });
    expect(nothing.result).toMatchObject({ confirmationStatus: 'failed', message: NOTHING_TO_PAY });
    expect(await ordersOf(free.basketId)).toHaveLength(0);
  });

  it('charges only the amount the sheet showed: a bag that costs more, or a sheet amount the bag does not cost, is refused', async () => {
    const p = await sheetPayment();
    // The bag gains a second unit after the sheet showed its amount: the shopper never saw the new one.
    await addItem(t.db, p.basketId, { productId: SKU, quantity: 1 } as never);
    const grown = await pay(p);
    expect(grown.status).toBe(409);
    expect(grown.result).toMatchObject({ confirmationStatus: 'failed', message: ORDER_TOTAL_CHANGED });
    expect(await ordersOf(p.basketId)).toHaveLength(0);
    expect(await authorizationsOf(p.basketId)).toBe(0);

    // A sheet that showed one cent less than the bag costs: the card is never asked for the other cent.
    const q = await sheetPayment();
    const short = await pay({ basketId: q.basketId, input: { ...q.input, amountDue: q.amountDue - 1 } });
    expect(short.result).toMatchObject({ confirmationStatus: 'failed', message: ORDER_TOTAL_CHANGED });
    expect(await ordersOf(q.basketId)).toHaveLength(0);
    expect(await authorizationsOf(q.basketId)).toBe(0);
    // A sheet showing what the bag costs, with a merchant session of its own, places the order.
    expect((await pay(await sheetPayment({ basketId: q.basketId }))).result.confirmationStatus).toBe('confirmed');
  });

  it('a contact the address form refuses answers ApplePayErrors on its fields, and spends nothing', async () => {
    const p = await sheetPayment();
    const bad = { ...p.input.payment, shippingContact: { ...contact, postalCode: '1234', givenName: '' } };
    const reply = await pay({ basketId: p.basketId, input: { ...p.input, payment: bad } });
    expect(reply.status).toBe(400);
    expect(reply.result.errors).toEqual(
      expect.arrayContaining([
        { code: 'shippingContactInvalid', contactField: 'postalCode', message: ZIP_INVALID },
        expect.objectContaining({ code: 'shippingContactInvalid', contactField: 'name' }),
      ]),
    );
    expect((await pay(p)).result.confirmationStatus).toBe('confirmed');
  });
});
