import { CURRENCY, DEFAULT_SHIPPING_METHOD_ID } from '#src/lib/constants.ts';
import type { BasketView } from '#src/lib/commerce-types.ts';
import type { Tx } from '../db/transaction.ts';
import { loadBasket } from './basket-load.ts';
import { priceBasket, type PricedBasket } from './basket-pricer.ts';
import { offerViews } from './bonus-read.ts';
import type { BonusEvaluation, BonusRule } from './bonus-rules.ts';
import { computeTotals } from './pricing.ts';
import { pricingRules } from './pricing-rules.ts';

const EMPTY_SUMMARY = computeTotals([], { id: DEFAULT_SHIPPING_METHOD_ID, priceCents: 0 }, null);

export function emptyBasket(): BasketView {
  return {
    basketId: null,
    currency: CURRENCY,
    productItems: [],
    shipments: [
      {
        shipmentId: 'me',
        shippingMethod: { id: DEFAULT_SHIPPING_METHOD_ID, name: DEFAULT_SHIPPING_METHOD_ID, description: '', price: 0 },
        shippingAddress: null,
      },
    ],
    c_summary: EMPTY_SUMMARY,
    couponItems: [],
    isMaxDiscountsApplied: false,
    bonusDiscountLineItems: [],
    productSubTotal: 0,
    productTotal: 0,
    shippingTotal: 0,
    taxTotal: 0,
    orderTotal: 0,
    totalQuantity: 0,
    c_lastAddedItemInfo: null,
    c_notices: [],
    c_standardDeliveryOnly: false,
    c_ecoship: { isEcoshipApplicable: false, ecoshipDate: '', ecoshipDisplayDate: '' },
    c_isEcoShip: false,
    c_packageProtection: { fee: 0, isApplied: false },
  };
}

/**
 * Reads a basket with every price recomputed from the catalog now: stored lines hold only what the shopper chose
 * (variant, quantity, options), never a price, so a price change or promotion end shows up at the next read.
 */
export async function readBasket(tx: Tx, basketId: string | null): Promise<BasketView> {
  return (await readBasketDetailed(tx, basketId)).view;
}

export interface DetailedRead extends PricedBasket {
  bonusRules: BonusRule[];
}

const NO_BONUS: BonusEvaluation = { offers: [], drop: [] };

/**
 * The basket view, with the free-gift evaluation behind it (what a claim checks, what must be removed): the rows
 * (basket-load.ts), priced (basket-pricer.ts), and the pickers of the free gifts the bag qualifies for.
 */
export async function readBasketDetailed(tx: Tx, basketId: string | null): Promise<DetailedRead> {
  const loaded = basketId ? await loadBasket(tx, basketId, new Date().toISOString()) : null;
  if (!loaded) return { view: emptyBasket(), staleBonusItemIds: [], droppedBonusItems: [], bonusRules: [], bonus: NO_BONUS };
  const priced = priceBasket(loaded, pricingRules());
  const bonusDiscountLineItems = priced.bonus.offers.length === 0 ? [] : await offerViews(tx, loaded.bonusRules, priced.bonus);
  return { ...priced, view: { ...priced.view, bonusDiscountLineItems }, bonusRules: loaded.bonusRules };
}
