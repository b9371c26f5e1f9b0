import type { Bag } from '#src/lib/commerce/bag.ts';

/**
 * Priced bags kept per instance, so that reading an unchanged bag again (every page's mini-cart, the bag page, the
 * checkout's summary) costs one small query instead of the bag's queries, the pricing and the reply's JSON and
 * compression (src/server/http/compress.ts sharedJsonReply). A kept bag is used only under the stamp it was priced under,
 * which every read takes from the database first:
 * - the bag's stamp (src/server/commerce/basket-stamp.ts): its version, raised by every write to it on any
 *   instance (migration 016), whether it is open, the catalog's version, and the stock of its lines;
 * - the promotions and free-gift promotions active now (the page cache's stamp, read every 2 s at most): a
 *   promotion's start or end time passing writes nothing;
 * - the hour (UTC): the calendar rules of shipping (peak season, the EcoShip date) change at most hourly.
 * The stamp is read before the bag, so a change made while the bag is priced leaves it kept under the older stamp
 * and priced again next time: a kept bag is never newer than its stamp says, only older, and then unused.
 * Bounded (least recently used first), and only bags are kept: a visitor without one keeps nothing.
 */
export interface PricedBagSource {
  /** The bag's stamp, or null when it is not an open bag (its read is then cheap and not kept). */
  bagStamp(basketId: string): Promise<string | null>;
  /** The promotions active now and the catalog's version (read at most every few seconds, shared by requests). */
  windowStamp(): Promise<string>;
  /** The bag priced now. */
  price(basketId: string): Promise<Bag>;
  clock?: () => number;
}

export const PRICED_BAGS_MAX = 1000;

export interface PricedBags {
  /** `bagStamp`: the bag's stamp when the caller read it already (with the session: basket-stamp.ts). */
  read(basketId: string, bagStamp?: string | null): Promise<Bag>;
  readonly size: number;
}

export function pricedBags(source: PricedBagSource, max = PRICED_BAGS_MAX): PricedBags {
  const kept = new Map<string, { stamp: string; view: Bag }>();
  const clock = source.clock ?? Date.now;
  return {
    get size() {
      return kept.size;
    },
    async read(basketId, bagStamp) {
      const hour = Math.floor(clock() / 3_600_000);
      const [bag, window] = await Promise.all([bagStamp === undefined ? source.bagStamp(basketId) : bagStamp, source.windowStamp()]);
      if (bag === null) return source.price(basketId);
      const stamp = `${bag}#${window}#${hour}`;
      const hit = kept.get(basketId);
      if (hit) {
        kept.delete(basketId);
        if (hit.stamp === stamp) {
          kept.set(basketId, hit);
          return hit.view;
        }
      }
      const view = await source.price(basketId);
      // A read that changed the bag (a free gift it no longer earns) tells the shopper once: not kept. Its write
      // raised the bag's version anyway.
      if (view.notices.length === 0) {
        kept.set(basketId, { stamp, view });
        if (kept.size > max) kept.delete(kept.keys().next().value!);
      }
      return view;
    },
  };
}
