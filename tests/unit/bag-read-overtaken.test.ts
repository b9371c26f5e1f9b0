import { basketFixture } from '../helpers/reply-fixtures.ts';
import { afterEach, expect, it, vi } from 'vitest';

/**
 * The bag's read started with the page can be answered after a change the page made meanwhile (the package protection
 * the bag applies on load, a quantity changed at once). Its older bag must not replace the change's.
 */
const older = basketFixture({ basketId: 'b1', orderTotal: 6298 });
const newer = basketFixture({ basketId: 'b1', orderTotal: 6408 });

function reply(basket: typeof older) {
  return new Response(JSON.stringify({ status: 'success', body: { basket } }), { status: 200 });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

it('a read answered after a change the page made meanwhile leaves the change’s bag in the store', async () => {
  let answerRead!: () => void;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: { method?: string }) => {
      if ((init.method ?? 'GET') === 'GET') {
        await new Promise<void>((r) => (answerRead = r));
        return reply(older);
      }
      return reply(newer);
    }),
  );
  vi.resetModules();
  const { $bag, loadBag, updateLineQuantity } = await import('#src/lib/stores/bag.ts');
  const read = loadBag();
  await updateLineQuantity('line-1', 2);
  expect($bag.get()?.orderTotal).toBe(6408);
  answerRead();
  await read;
  expect($bag.get()?.orderTotal).toBe(6408);
});

it('a read nothing overtook fills the store', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => reply(older)),
  );
  vi.resetModules();
  const { $bag, loadBag } = await import('#src/lib/stores/bag.ts');
  await loadBag();
  expect($bag.get()?.orderTotal).toBe(6298);
});
