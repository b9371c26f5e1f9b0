import { CURRENCY, DEFAULT_SHIPPING_METHOD_ID } from '#src/lib/constants.ts';
import type { Bag } from '#src/lib/commerce/bag.ts';
import type { Tx } from '../db/transaction.ts';
import { loadBasket, type LoadedCheckout } from './basket-load.ts';
import { priceBasket, type PricedBasket } from './basket-pricer.ts';
import { bonusOffersOf } from './bonus-read.ts';
import type { BonusEvaluation, BonusRule } from './bonus-rules.ts';
import { computeTotals } from './pricing.ts';
import { pricingRules } from './pricing-rules.ts';

const EMPTY_SUMMARY = computeTotals([], { id: DEFAULT_SHIPPING_METHOD_ID, priceCents: 0 }, null);

export function emptyBasket(): Bag {
  return {
    basketId: null,
    currency: CURRENCY,
    lines: [],
    shipments: [
      {
        shipmentId: 'me',
        shippingMethod: { id: DEFAULT_SHIPPING_METHOD_ID, name: DEFAULT_SHIPPING_METHOD_ID, description: '', price: 0 },
        shippingAddress: null,
      },
    ],
    summary: EMPTY_SUMMARY,
    couponItems: [],
    isMaxDiscountsApplied: false,
    bonusOffers: [],
    productSubTotal: 0,
    productTotal: 0,
    shippingTotal: 0,
    taxTotal: 0,
    orderTotal: 0,
    totalQuantity: 0,
    lastAdded: null,
    notices: [],
    standardDeliveryOnly: false,
    ecoship: { isEcoshipApplicable: false, ecoshipDate: '', ecoshipDisplayDate: '' },
    ecoshipChosen: false,
    packageProtection: { fee: 0, isApplied: false },
    tenders: [],
    amountDue: 0,
  };
}

/**
 * Reads a basket with every price recomputed from the catalog now: stored lines hold only what the shopper chose
 * (variant, quantity, options), never a price, so a price change or promotion end shows up at the next read.
 */
export async function readBasket(tx: Tx, basketId: string | null): Promise<Bag> {
  return (await readBasketDetailed(tx, basketId)).view;
}

export interface DetailedRead extends PricedBasket {
  bonusRules: BonusRule[];
  /** The bag's checkout row, read with it (null: none, or no open bag). */
  checkout: LoadedCheckout | null;
  /** The bag's version when read (null: no open bag). */
  version: number | null;
}

const NO_BONUS: BonusEvaluation = { offers: [], drop: [] };

/**
 * The bag, with the free-gift evaluation behind it (what a claim checks, what must be removed): the rows
 * (basket-load.ts), priced (basket-pricer.ts), and the pickers of the free gifts the bag qualifies for.
 */
export async function readBasketDetailed(tx: Tx, basketId: string | null): Promise<DetailedRead> {
  const loaded = basketId ? await loadBasket(tx, basketId, new Date().toISOString()) : null;
  if (!loaded)
    return { view: emptyBasket(), staleBonusItemIds: [], droppedBonusItems: [], bonusRules: [], bonus: NO_BONUS, checkout: null, version: null };
  const priced = priceBasket(loaded, pricingRules());
  const bonusOffers = priced.bonus.offers.length === 0 ? [] : await bonusOffersOf(tx, loaded.bonusRules, priced.bonus);
  return {
    ...priced,
    view: { ...priced.view, bonusOffers },
    bonusRules: loaded.bonusRules,
    checkout: loaded.checkout ?? null,
    version: loaded.header.version ?? null,
  };
}
