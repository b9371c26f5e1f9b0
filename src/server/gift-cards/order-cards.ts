import { formatCents } from '#src/lib/money.ts';
import { type Mail, queueMail, type QueuedMail } from '../mail/mailer.ts';
import type { Tx } from '../db/transaction.ts';
import { giftCardKey } from './gift-card-key.ts';
import { issue, type GiftCardKind, type IssuedCard } from './issue.ts';

/** What an order line says about the gift card it buys, as the bag took it: kept with the order's snapshot. */
export interface GiftCardPurchase {
  kind: GiftCardKind;
  recipientName: string | null;
  recipientEmail: string | null;
  senderName: string | null;
  message: string | null;
}

export interface GiftCardOrderLine {
  quantity: number;
  unitPrice: number;
  giftCard?: GiftCardPurchase;
}

/**
 * Issues the cards an order bought, inside its commit: each unit of a gift card line is a card of the line's unit
 * price. An e-gift card's number and PIN go to its recipient in an e-mail queued in the outbox in the same
 * transaction (it exists exactly when the card does), the number and PIN masked in its kept text and sealed under
 * the gift card key until it is delivered (mail/sealed-mail.ts); a plastic card is recorded against its line for fulfilment
 * (issue.ts issuedFor). Lines already issued (a commit run again) issue and mail nothing. Returns the mails queued,
 * for delivery once the transaction has committed.
 */
export async function issueOrderCards(tx: Tx, order: { id: string; email: string }, lines: readonly GiftCardOrderLine[]): Promise<QueuedMail[]> {
  const mails: QueuedMail[] = [];
  for (const [position, line] of lines.entries()) {
    const purchase = line.giftCard;
    if (!purchase) continue;
    for (let unit = 0; unit < line.quantity; unit++) {
      const card = await issue(tx, { orderId: order.id, position, unit }, purchase.kind, line.unitPrice);
      if (card?.kind !== 'e') continue;
      mails.push(await queueMail(tx, eGiftCardMail(card, purchase, order.email, await giftCardKey(tx))));
    }
  }
  return mails;
}

/** The e-gift card itself: who sent it, their message, the amount, and the number and PIN to spend it with. */
function eGiftCardMail(card: IssuedCard, purchase: GiftCardPurchase, buyerEmail: string, key: Buffer): Mail {
  const sender = purchase.senderName ?? 'Someone';
  const amount = formatCents(card.amountCents);
  const text = [
    `${purchase.recipientName ? `Hi ${purchase.recipientName}, ` : ''}${sender} sent you a ${amount} e-gift card.`,
    '',
    ...(purchase.message ? [purchase.message, '', `- ${sender}`, ''] : []),
    `Amount: ${amount}`,
    `Gift card number: ${card.number}`,
    `PIN: ${card.pin}`,
    '',
    'Keep this e-mail: the number and PIN are what you pay with, and we cannot send them again.',
  ].join('\n');
  return {
    to: purchase.recipientEmail ?? buyerEmail,
    subject: `${sender} sent you a ${amount} e-gift card`,
    text,
    secrets: { values: [card.number, card.pin], key },
  };
}
