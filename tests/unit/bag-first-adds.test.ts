import { basketFixture, lineFixture } from '../helpers/reply-fixtures.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * A new visitor's adds made at once (several buttons, several tabs) end in one bag: the store sends the first add
 * alone, in this tab and across tabs, and the rest once its reply has brought the session cookie.
 *
 * The fetch below is a browser with a cookie jar in front of a store: a request carries the cookie the jar holds when
 * it is sent; a request without one makes a new session and bag, and its reply's cookie replaces the jar's.
 */
interface FakeStore {
  bags: Map<string, string[]>;
  /** The bag of the session whose cookie the browser kept. */
  keptBag(): string[];
  /** How many add requests were on their way at most at once while the jar was empty. */
  cookielessAtOnce(): number;
}

function browserAndStore(refuse: (productId: string) => boolean = () => false): FakeStore {
  const bags = new Map<string, string[]>();
  let jar: string | null = null;
  let cookieless = 0;
  let cookielessPeak = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: { body: string }) => {
      const sentWith = jar;
      if (!sentWith) cookielessPeak = Math.max(cookielessPeak, ++cookieless);
      const { productId } = JSON.parse(init.body) as { productId: string };
      // The network and the store take a moment; other requests go out meanwhile.
      await new Promise((r) => setTimeout(r, 5));
      if (!sentWith) cookieless--;
      if (refuse(productId)) return new Response(JSON.stringify({ status: 'error', message: 'That item is sold out.' }), { status: 409 });
      const bagId = sentWith ?? `bag-${bags.size + 1}`;
      const lines = bags.get(bagId) ?? [];
      lines.push(productId);
      bags.set(bagId, lines);
      jar = bagId; // Set-Cookie
      const basket = basketFixture({
        basketId: bagId,
        totalQuantity: lines.length,
        productItems: lines.map((p, i) => lineFixture({ itemId: `${bagId}-${i}`, productId: p, quantity: 1 })),
      });
      return new Response(JSON.stringify({ status: 'success', body: { basket, updatedShippingMethod: null } }), { status: 200 });
    }),
  );
  return { bags, keptBag: () => (jar ? (bags.get(jar) ?? []) : []), cookielessAtOnce: () => cookielessPeak };
}

/** A freshly opened tab: its own copy of the bag store (the Web Locks are the browser's, shared by its tabs). */
async function openTab() {
  vi.resetModules();
  return import('#src/lib/stores/bag.ts');
}

const skus = (n: number, prefix = 'sku') => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the first adds of a visitor with no bag', () => {
  it('ten adds at once in one tab: the first goes alone, the other nine with its cookie, all ten in one bag', async () => {
    const store = browserAndStore();
    const tab = await openTab();
    const results = await Promise.all(skus(10).map((productId) => tab.addToBag({ productId, quantity: 1 })));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(store.bags.size).toBe(1);
    expect(store.keptBag().toSorted()).toEqual(skus(10).toSorted());
    expect(store.cookielessAtOnce()).toBe(1);
    expect(tab.$bag.get()?.totalQuantity).toBe(10);
  });

  it('adds at once from three tabs share one bag too', async () => {
    const store = browserAndStore();
    const tabs = [await openTab(), await openTab(), await openTab()];
    const all = tabs.flatMap((tab, t) => skus(4, `tab${t}`).map((productId) => () => tab.addToBag({ productId, quantity: 1 })));
    await Promise.all(all.map((add) => add()));
    expect(store.bags.size).toBe(1);
    expect(store.keptBag()).toHaveLength(12);
    expect(store.cookielessAtOnce()).toBe(1);
  });

  it('a refused first add makes no bag: the next waiting add goes alone, and the rest share the bag it makes', async () => {
    const store = browserAndStore((productId) => productId === 'sold-out');
    const tab = await openTab();
    const results = await Promise.all(['sold-out', ...skus(5)].map((productId) => tab.addToBag({ productId, quantity: 1 })));
    expect(results.map((r) => r.ok)).toEqual([false, true, true, true, true, true]);
    expect(store.bags.size).toBe(1);
    expect(store.keptBag()).toHaveLength(5);
    expect(store.cookielessAtOnce()).toBe(1);
  });

  it('once the bag is known, adds go at once', async () => {
    const store = browserAndStore();
    const tab = await openTab();
    await tab.addToBag({ productId: 'first', quantity: 1 });
    const fetch = vi.mocked(globalThis.fetch);
    fetch.mockClear();
    const adding = Promise.all(skus(5).map((productId) => tab.addToBag({ productId, quantity: 1 })));
    // All five are on their way before any has been answered.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(5));
    await adding;
    expect(store.keptBag()).toHaveLength(6);
  });
});
