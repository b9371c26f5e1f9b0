import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { e2eDb } from './e2e-db.ts';
import { giftCardIssuer } from './gift-card-fixtures.ts';
import { openedMail } from './opened-mail.ts';
import { SHIP_TO } from './place-order-http.ts';

/** Gift cards for tests that talk to the store over HTTP: bought as an e-gift card, or issued straight into its database. */

async function ok(res: import('@playwright/test').APIResponse, what: string) {
  expect(res.status(), `${what}: ${await res.text()}`).toBe(200);
  return res.json();
}

/** Reads an e-gift card's number and PIN from the mail its recipient was sent (the outbox, opened with the store's key). */
export async function cardMailedTo(recipient: string): Promise<{ number: string; pin: string }> {
  const db = e2eDb();
  try {
    const [mail] = await openedMail(db, recipient);
    if (!mail) throw new Error(`no mail to ${recipient}`);
    const number = /Gift card number: (\d{19})\n/.exec(mail.text_body)?.[1];
    const pin = /PIN: (\d{4})\n/.exec(mail.text_body)?.[1];
    if (!number || !pin) throw new Error('the e-gift card mail has no number and PIN');
    return { number, pin };
  } finally {
    await db.kysely.destroy();
  }
}

/** Buys a $50 e-gift card for a fresh recipient and reads its number and PIN from the mail the recipient gets. */
export async function boughtCard(r: APIRequestContext): Promise<{ number: string; pin: string }> {
  return cardMailedTo(await buyEGiftCard(r));
}

/** Orders a $50 e-gift card (a card pays) for a fresh recipient, whose address it answers. */
export async function buyEGiftCard(r: APIRequestContext): Promise<string> {
  const recipient = `gift-${randomUUID().slice(0, 8)}@example.com`;
  const item = { productId: 'egc-3-egc-50', quantity: 1, c_giftCardRecipient: 'Ann', c_giftCardSender: 'Bo', c_giftCardRecipientEmail: recipient };
  await ok(await r.post('/api/checkout/product/add_to_cart', { data: item }), 'add to bag');
  await ok(await r.post('/api/checkout/email', { data: { email: `buyer-${randomUUID().slice(0, 8)}@example.com` } }), 'email');
  const token = await ok(
    await r.post('/sandbox-gateway/v1/tokens', {
      headers: { authorization: 'Bearer pk_test_sandbox' },
      form: {
        'card[number]': '4242424242424242',
        'card[exp_month]': '12',
        'card[exp_year]': String(new Date().getFullYear() + 2),
        'card[cvc]': '123',
        'card[name]': 'Ann Lee',
      },
    }),
    'tokenize',
  );
  const paid = await ok(
    await r.post('/api/checkout/payment_method/update/', {
      data: { card: { token: token.id }, billingSameAsShipping: false, billingAddress: SHIP_TO },
    }),
    'payment',
  );
  const orderTotal: number = paid.body.checkout.basket.c_summary.orderTotal;
  await ok(
    await r.post('/api/checkout/payment_place_order/create/', { headers: { 'idempotency-key': randomUUID() }, data: { orderTotal } }),
    'place',
  );
  return recipient;
}

/** A card holding `amountCents`, issued through the gift card module into the store's database. */
export async function issuedCard(amountCents: number): Promise<{ number: string; pin: string; last4: string }> {
  const db = e2eDb();
  try {
    const card = await (await giftCardIssuer(db)).card(amountCents);
    return { number: card.number, pin: card.pin, last4: card.last4 };
  } finally {
    await db.kysely.destroy();
  }
}
