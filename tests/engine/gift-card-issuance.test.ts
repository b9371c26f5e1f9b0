import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItem } from '#src/server/commerce/basket.ts';
import { confirmShippingMethod, readCheckoutView, setEmail, setPayment, setShippingAddress } from '#src/server/checkout/checkout-service.ts';
import { cardFromGateway } from '#src/server/checkout/card-on-file.ts';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import { issuedFor } from '#src/server/gift-cards/issue.ts';
import { balance } from '#src/server/gift-cards/ledger.ts';
import { issueOrderCards } from '#src/server/gift-cards/order-cards.ts';
import { verify } from '#src/server/gift-cards/verify.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import type { LineChoice } from '#src/lib/commerce/bag.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';
import { openedMail } from '../helpers/opened-mail.ts';
import { sandboxToken } from '../helpers/ready-bag.ts';

/**
 * Committing an order issues the gift cards it bought: an e-gift card is mailed to its recipient with its number
 * and PIN, once, however often the placement is retried; a plastic card is recorded against its line, masked, and
 * mailed to nobody. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

const E_GIFT = {
  productId: 'egc-3-egc-50',
  quantity: 1,
  giftCardRecipient: 'Ann',
  giftCardSender: 'Bo',
  giftCardRecipientEmail: 'ann.recipient@example.com',
  giftMessage: 'Happy birthday!',
};
const PLASTIC = { productId: 'gc-2-gc-25', quantity: 1, giftCardRecipient: 'Alex', giftCardSender: 'Pat' };

/** Places a guest order of these items with one idempotency key; answers a function placing it again with that key. */
async function placed(items: object[], ship: boolean) {
  let basketId: string | null = null;
  for (const item of items) basketId = (await addItem(t.db, basketId, item as LineChoice)).basketId;
  if (!basketId) throw new Error('no items');
  const bagId = basketId;
  await setEmail(t.db, bagId, 'buyer@example.com', false);
  if (ship) {
    await setShippingAddress(t.db, bagId, TEST_ADDRESS, null);
    await confirmShippingMethod(t.db, bagId, 'Regular');
  }
  const gateway = sandboxGateway({ database: async () => t.db, timeoutMs: 2000 });
  await setPayment(t.db, bagId, {
    card: await cardFromGateway(gateway, await sandboxToken(t.db, '4242424242424242'), null),
    savedCardId: null,
    billingSame: ship,
    billingAddress: ship ? null : TEST_ADDRESS,
    customerId: null,
  });
  const total = (await readCheckoutView(t.db, bagId, null)).basket.orderTotal;
  const place = () =>
    placeOrder(t.db, gateway, { bagId, customerId: null, idempotencyKey: `gift-${bagId}`, body: { total }, expectedTotal: total }, 2000);
  const reply = await place();
  expect(reply.result.confirmationStatus).toBe('confirmed');
  return { orderId: reply.result.orderId as string, place };
}

const mailTo = (to: string) => t.db.kysely.selectFrom('outbox').selectAll().where('to_address', '=', to).execute();

describe('an e-gift card in an order', () => {
  it('is mailed to its recipient once, with the sender, message, amount, a 19-digit number and a PIN that work', async () => {
    const { place } = await placed([E_GIFT], false);
    const mails = await openedMail(t.db, E_GIFT.giftCardRecipientEmail);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text_body;
    expect(text).toContain('Bo sent you a $50.00 e-gift card');
    expect(text).toContain('Happy birthday!');
    const number = /Gift card number: (\d{19})\n/.exec(text)?.[1];
    const pin = /PIN: (\d{4})\n/.exec(text)?.[1];
    expect(number).toMatch(/^\d{19}$/);
    expect(pin).toMatch(/^\d{4}$/);
    const verified = await verify(t.db, number!, pin!, '10.1.1.1');
    if (!verified.ok) throw new Error('the mailed card does not verify');
    expect(await balance(t.db.kysely, verified.cardId)).toBe(5000);

    const replay = await place();
    expect(replay.replayed).toBe(true);
    expect(await mailTo(E_GIFT.giftCardRecipientEmail)).toHaveLength(1);
  });

  it('is issued and mailed once when its order’s cards are issued again', async () => {
    const before = (await mailTo(E_GIFT.giftCardRecipientEmail)).length;
    const { orderId } = await placed([E_GIFT], false);
    const again = await withWriteTransaction(t.db, async (tx) => {
      const lines = [
        {
          quantity: 1,
          unitPrice: 5000,
          giftCard: { kind: 'e' as const, recipientName: 'Ann', recipientEmail: E_GIFT.giftCardRecipientEmail, senderName: 'Bo', message: null },
        },
      ];
      return issueOrderCards(tx, { id: orderId, email: 'buyer@example.com' }, lines);
    });
    expect(again).toEqual([]);
    expect(await mailTo(E_GIFT.giftCardRecipientEmail)).toHaveLength(before + 1);
    expect(await withWriteTransaction(t.db, (tx) => issuedFor(tx, orderId))).toHaveLength(1);
  });
});

describe('a plastic gift card in an order', () => {
  it('is recorded against its line by its last four, for fulfilment, and mails no number', async () => {
    const outboxBefore = (await t.db.kysely.selectFrom('outbox').select('id').execute()).length;
    const { orderId } = await placed([{ productId: 'fb-1002-olv-M', quantity: 1 }, PLASTIC], true);
    const cards = await withWriteTransaction(t.db, (tx) => issuedFor(tx, orderId));
    expect(cards).toEqual([{ position: 1, unit: 0, kind: 'physical', last4: expect.stringMatching(/^\d{4}$/) }]);
    // The buyer's confirmation only.
    expect((await t.db.kysely.selectFrom('outbox').select('id').execute()).length).toBe(outboxBefore + 1);
  });
});
