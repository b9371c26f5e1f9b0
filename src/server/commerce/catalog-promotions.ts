import { prepared } from '../db/prepared.ts';
import { handleOf, type Tx } from '../db/transaction.ts';
import type { BonusRule } from './bonus-rules.ts';
import { isPromotionActive, type PromotionWindow } from './promotion-window.ts';

/**
 * The catalog's automatic (code-free) promotions and its free-gift promotions, read whole and kept per catalog
 * version. Every basket read needs both, and both are catalog data: a handful of rows that change only when a
 * promotion is written, which raises the catalog's version (triggers of migrations 014 and 016). A basket read takes
 * that version in its header query (basket-load.ts) and reads these rows again only when it differs from the kept
 * one, so a bag without codes is priced in two queries instead of five. Which promotions are active is decided at
 * each read from the kept windows, never kept itself: a start or end time that passes changes nothing stored.
 *
 * One entry per database handle (the version it read last). A transaction is a handle of its own, made for it and
 * dropped with it, so what it reads is never shared: its version could still be rolled back, and the same number
 * then reused by another write with other rows. A write transaction does use its handle's entry when that holds the
 * version it read: that entry was read outside any transaction, of a version committed.
 */

/** An automatic promotion with its window and the masters it is linked to. */
interface AutoPromotion extends PromotionWindow {
  id: string;
  percentOff: number;
  calloutMsg: string;
  /** Brand-wide promotion, or null. */
  brand: string | null;
  productIds: ReadonlySet<string>;
}

/**
 * A free-gift promotion's rule without `active`, which each read decides, and its window. Inside a transaction (its
 * own handle) these and the automatic promotions are read whole each time: a handful of rows in this store's catalog.
 */
interface BonusRuleRow {
  rule: Omit<BonusRule, 'active'>;
  window: PromotionWindow;
}

export interface CatalogPromotions {
  /** Automatic promotions in id order. */
  auto: readonly AutoPromotion[];
  /** Automatic promotions by linked master id, and the brand-wide ones by brand, both in id order. */
  byProduct: ReadonlyMap<string, readonly AutoPromotion[]>;
  byBrand: ReadonlyMap<string, readonly AutoPromotion[]>;
  bonus: readonly BonusRuleRow[];
}

/** An automatic (code-free) promotion active now that reaches a bag, as the pricer takes it (basket-pricer.ts). */
export interface LoadedAutoPromotion {
  id: string;
  percentOff: number;
  calloutMsg: string;
  /** Brand-wide promotion, or null. */
  brand: string | null;
  /** The bag's masters the promotion is linked to (all the pricer asks: is a line's master among them). */
  productIds: string[];
}

const autoPromotionRows = prepared((tx: Tx) =>
  tx
    .selectFrom('promotions as pr')
    .leftJoin('promotion_products as pp', 'pp.promotion_id', 'pr.id')
    .select(['pr.id', 'pr.percent_off', 'pr.brand_code', 'pr.callout_msg', 'pr.starts_at', 'pr.ends_at', 'pp.product_id'])
    .where('pr.coupon_code', 'is', null)
    .orderBy('pr.id'),
);

const bonusRuleRows = prepared((tx: Tx) =>
  tx
    .selectFrom('bonus_promotions as bp')
    .leftJoin('bonus_promotion_products as bpp', 'bpp.bonus_promotion_id', 'bp.id')
    .select(['bp.id', 'bp.callout_msg', 'bp.threshold_cents', 'bp.brand_code', 'bp.max_bonus_items', 'bp.starts_at', 'bp.ends_at', 'bpp.product_id'])
    .orderBy('bp.id')
    .orderBy('bpp.position'),
);

async function readCatalogPromotions(tx: Tx): Promise<CatalogPromotions> {
  const [autoRows, bonusRows] = await Promise.all([autoPromotionRows(tx), bonusRuleRows(tx)]);
  const auto = [...Map.groupBy(autoRows, (r) => r.id).values()].map((group): AutoPromotion => {
    const p = group[0]!;
    return {
      id: p.id,
      percentOff: p.percent_off,
      calloutMsg: p.callout_msg,
      brand: p.brand_code,
      starts_at: p.starts_at,
      ends_at: p.ends_at,
      productIds: new Set(group.flatMap((r) => (r.product_id === null ? [] : [r.product_id]))),
    };
  });
  const byProduct = new Map<string, AutoPromotion[]>();
  const byBrand = new Map<string, AutoPromotion[]>();
  const add = (map: Map<string, AutoPromotion[]>, key: string, p: AutoPromotion) => {
    const list = map.get(key);
    if (list) list.push(p);
    else map.set(key, [p]);
  };
  for (const p of auto) {
    for (const id of p.productIds) add(byProduct, id, p);
    if (p.brand !== null) add(byBrand, p.brand, p);
  }
  const bonus = [...Map.groupBy(bonusRows, (r) => r.id).values()].map((group): BonusRuleRow => {
    const p = group[0]!;
    return {
      rule: {
        id: p.id,
        calloutMsg: p.callout_msg,
        thresholdCents: p.threshold_cents,
        brand: p.brand_code,
        maxBonusItems: p.max_bonus_items,
        // Shared by every read while kept: frozen, as the type says.
        productIds: Object.freeze(group.flatMap((r) => (r.product_id === null ? [] : [r.product_id]))),
      },
      window: { starts_at: p.starts_at, ends_at: p.ends_at },
    };
  });
  return { auto, byProduct, byBrand, bonus };
}

interface Kept {
  version: number;
  promotions: Promise<CatalogPromotions>;
  /** The promotions once read. */
  read?: CatalogPromotions;
}
const kept = new WeakMap<Tx, Kept>();

/**
 * The promotions at catalog `version` (as the caller just read it through `tx`): the copy kept for `tx` when it is of
 * that version, else read again. The rows read are at least as new as `version`: a newer version is read again.
 */
export function catalogPromotions(tx: Tx, version: number): Promise<CatalogPromotions> {
  const entry = kept.get(tx);
  if (entry?.version === version) return entry.promotions;
  // A write transaction takes its handle's copy of that version, once read (outside any transaction, so committed;
  // one still being read is never waited for: on SQLite it waits for the connection the transaction holds).
  const handle = handleOf(tx);
  const committed = handle && kept.get(handle);
  if (committed?.version === version && committed.read) return Promise.resolve(committed.read);
  const promotions = readCatalogPromotions(tx);
  const next: Kept = { version, promotions };
  void promotions.then(
    (read) => (next.read = read),
    () => {},
  );
  kept.set(tx, next);
  // A failed read is not kept: the next basket read tries again.
  promotions.catch(() => {
    if (kept.get(tx) === next) kept.delete(tx);
  });
  return promotions;
}

/**
 * The automatic promotions active at `now` that reach a bag with these masters and brands: linked to one of its
 * masters, or brand-wide for one of its brands. Each lists the bag's masters it is linked to, which is all the pricer
 * asks of it (a line is reached by its master or its brand).
 */
export function autoPromotionsForBag(
  promotions: CatalogPromotions,
  productIds: readonly string[],
  brands: readonly string[],
  now: string,
): LoadedAutoPromotion[] {
  const reached = new Set<AutoPromotion>();
  for (const id of productIds) for (const p of promotions.byProduct.get(id) ?? []) reached.add(p);
  for (const brand of brands) for (const p of promotions.byBrand.get(brand) ?? []) reached.add(p);
  if (reached.size === 0) return [];
  const bagProducts = [...new Set(productIds)];
  return promotions.auto
    .filter((p) => reached.has(p) && isPromotionActive(p, now))
    .map((p) => ({
      id: p.id,
      percentOff: p.percentOff,
      calloutMsg: p.calloutMsg,
      brand: p.brand,
      productIds: bagProducts.filter((id) => p.productIds.has(id)),
    }));
}

/** The free-gift rules, each marked whether it is active at `now`. */
export function bonusRulesAt(promotions: CatalogPromotions, now: string): BonusRule[] {
  return promotions.bonus.map(({ rule, window }) => ({ ...rule, active: isPromotionActive(window, now) }));
}
