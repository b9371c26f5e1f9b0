import { describe, expect, it } from 'vitest';
import type { Bag } from '#src/lib/commerce/bag.ts';
import { emptyBasket } from '#src/server/commerce/basket-read.ts';
import { pricedBags } from '#src/server/bag/priced-bags.ts';

/** A bag source whose stamps the test sets, counting how often it prices and in what order it is asked. */
function source() {
  const state = {
    bag: 'v1' as string | null,
    window: 'w1',
    now: Date.UTC(2026, 10, 24, 10, 15),
    notices: [] as string[],
    priced: 0,
    calls: [] as string[],
  };
  let version = 0;
  return {
    state,
    bagStamp: async () => {
      state.calls.push('stamp');
      return state.bag;
    },
    windowStamp: async () => state.window,
    price: async (basketId: string): Promise<Bag> => {
      state.calls.push('price');
      state.priced += 1;
      version += 1;
      return { ...emptyBasket(), basketId, totalQuantity: version, notices: [...state.notices] };
    },
    clock: () => state.now,
  };
}

describe('priced bags kept per instance (the basket read)', () => {
  it('prices a bag once and hands the same view back while its stamp holds', async () => {
    const s = source();
    const bags = pricedBags(s);
    const first = await bags.read('b1');
    const second = await bags.read('b1');
    expect(second).toBe(first);
    expect(s.state.priced).toBe(1);
  });

  it("reads the stamp before pricing, so a change made while a bag is priced is never kept under the change's stamp", async () => {
    const s = source();
    await pricedBags(s).read('b1');
    expect(s.state.calls).toEqual(['stamp', 'price']);
  });

  it('prices the bag again when the bag, the promotion windows or the hour change', async () => {
    const s = source();
    const bags = pricedBags(s);
    const seen = [await bags.read('b1')];
    s.state.bag = 'v2';
    seen.push(await bags.read('b1'));
    s.state.window = 'w2';
    seen.push(await bags.read('b1'));
    s.state.now += 60 * 60 * 1000;
    seen.push(await bags.read('b1'));
    expect(s.state.priced).toBe(4);
    expect(new Set(seen.map((v) => v.totalQuantity)).size).toBe(4);
    // Within the same hour nothing else is priced.
    s.state.now += 60 * 1000;
    expect(await bags.read('b1')).toBe(seen[3]);
  });

  it('keeps nothing for a visitor without an open bag, nor a read that told the shopper of a change', async () => {
    const s = source();
    const bags = pricedBags(s);
    s.state.bag = null;
    await bags.read('gone');
    await bags.read('gone');
    expect(s.state.priced).toBe(2);
    expect(bags.size).toBe(0);
    s.state.bag = 'v1';
    s.state.notices = ['A free gift was removed from your bag.'];
    const told = await bags.read('b1');
    expect(told.notices).toHaveLength(1);
    s.state.notices = [];
    const after = await bags.read('b1');
    expect(after.notices).toEqual([]);
    expect(s.state.priced).toBe(4);
  });

  it('keeps at most its bound, dropping the bag read least recently', async () => {
    const s = source();
    const bags = pricedBags(s, 2);
    await bags.read('a');
    await bags.read('b');
    await bags.read('a');
    await bags.read('c');
    expect(bags.size).toBe(2);
    const priced = s.state.priced;
    await bags.read('a');
    expect(s.state.priced).toBe(priced);
    await bags.read('b');
    expect(s.state.priced).toBe(priced + 1);
  });
});
