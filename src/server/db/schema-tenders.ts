import type { TenderMethod } from '#src/lib/tenders/tender-split.ts';

/** Tenders on bags and on orders (migration 026-tenders.ts explains each table). */

export interface BagTenderTable {
  /** The spec's paymentInstrumentId. */
  id: string;
  basket_id: string;
  method: TenderMethod;
  /** The gift card it draws on; set exactly when method is SVS_GIFT_CARD. */
  gift_card_id: string | null;
  /** The account that applied a reward tender (only its placement spends it); null for a gift card. */
  customer_id: string | null;
  /** The certificate a certificate tender draws on. */
  certificate_id: string | null;
  /** The brand programme (elq, dia) a rewards-dollar tender spends. */
  programme: string | null;
  /** The number as the shopper sees it: its last four only. */
  masked_number: string;
  /** The order it was applied in (tenders of one kind pay in this order). */
  position: number;
  created_at: string;
}

export interface OrderTenderTable {
  order_id: string;
  position: number;
  method: TenderMethod;
  gift_card_id: string | null;
  certificate_id: string | null;
  masked_number: string;
  /** What it paid of the order, in cents. */
  amount_cents: number;
  /** A gift card's balance once it had paid (migration 034); null for other tenders and older orders. */
  balance_left_cents: number | null;
}
