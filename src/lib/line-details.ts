import type { BagLine } from './commerce/bag.ts';
import type { LineItemView } from './commerce-types.ts';
import { formatCents } from './money.ts';
import { FINAL_SALE_MESSAGE } from './sale-messages.ts';

/**
 * What a line says under its name, as the bag shows it: colour and size, each option with its price ('Hemming: 28"
 * inseam (+$8.00)'), a gift card's To (an e-gift card's with the address it is e-mailed to) and From, the gift
 * message, a free gift, final sale; and the price before its promotions. The
 * bag, the checkout's summary, the order (written once when it is placed) and its e-mail all say it this way.
 */
export interface LineDescription {
  /** 'Olive · M' (no size for a product without one). */
  attributes: string;
  /** Options and gift card details, one sentence each. */
  options: string[];
  finalSale: boolean;
  /** The line at its original (list) price when the shopper pays less for it, else null: the per-line saving. */
  originalTotal: number | null;
}

/** A line in the engine's names: the order, written when it is placed, and its e-mail describe these. */
type DescribedLine = Pick<BagLine, 'colorName' | 'sizeLabel' | 'optionItems' | 'bonusProductLineItem' | 'basePrice' | 'quantity'> & {
  giftCard: (Pick<NonNullable<BagLine['giftCard']>, 'recipient' | 'sender'> & { recipientEmail?: string | null }) | null;
  giftMessage?: string | null;
  lineDetails: Pick<BagLine['lineDetails'], 'original_price_value' | 'specialProductMessagingFlags'>;
};

/** What a description is made of, whichever shape the line comes in. */
type LineFacts = Pick<
  DescribedLine,
  'colorName' | 'sizeLabel' | 'optionItems' | 'bonusProductLineItem' | 'basePrice' | 'quantity' | 'giftMessage'
> & {
  recipient: string | null;
  sender: string | null;
  recipientEmail: string | null;
  details: DescribedLine['lineDetails'];
};

function descriptionOf(item: LineFacts): LineDescription {
  const details = item.details;
  return {
    attributes: [item.colorName, item.sizeLabel].filter(Boolean).join(' · '),
    options: [
      ...item.optionItems.map((o) => `${o.itemText} (+${formatCents(o.price)})`),
      ...(item.recipient ? [`To ${item.recipient}${item.recipientEmail ? ` (${item.recipientEmail})` : ''}, from ${item.sender ?? ''}`] : []),
      ...(item.giftMessage ? [`Message: “${item.giftMessage}”`] : []),
      ...(item.bonusProductLineItem ? ['Free gift'] : []),
    ],
    finalSale: details.specialProductMessagingFlags?.finalSale === true,
    originalTotal: details.original_price_value > item.basePrice ? details.original_price_value * item.quantity : null,
  };
}

export const describeLine = (item: DescribedLine): LineDescription =>
  descriptionOf({
    ...item,
    recipient: item.giftCard?.recipient ?? null,
    sender: item.giftCard?.sender ?? null,
    recipientEmail: item.giftCard?.recipientEmail ?? null,
    details: item.lineDetails,
  });

/**
 * A line of a reply, as the bag's and the checkout's islands hold it (the spec's names): described from its own
 * fields, in the same words as the engine's line (describeLine).
 */
export const describeLineItem = (item: LineItemView): LineDescription =>
  descriptionOf({
    ...item,
    recipient: item.c_giftCardRecipient,
    sender: item.c_giftCardSender,
    recipientEmail: item.c_giftCardRecipientEmail,
    details: item.c_lineItemDetails,
  });

/** The description as lines of text, in the order the bag shows them (an order keeps these). */
export const detailTexts = (d: LineDescription): string[] =>
  [d.attributes, ...d.options, ...(d.finalSale ? [FINAL_SALE_MESSAGE] : [])].filter(Boolean);
