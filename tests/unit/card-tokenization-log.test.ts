// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { tokenizeEntry } from '#src/lib/stores/checkout-card.ts';

/**
 * Product spec §8: card payment-provider failures are logged. A refused card goes to the server's log with the
 * provider's message (never the number), and the shopper reads that message; a token goes unlogged.
 */
const where = { url: 'https://tokens.example/v1/tokens', publishableKey: 'pk_test_1' };
const card = { number: '4000000000000002', expMonth: 12, expYear: 2034, cvc: '123', holder: 'Ada Lovelace' };
const json = (status: number, data: unknown) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

/** The provider answers `provider`; the store's log endpoint takes every line. Returns the lines logged. */
function answer(provider: Response): string[] {
  const logged: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === where.url) return provider;
      logged.push(JSON.parse(String(init?.body)).message);
      return json(200, { status: 'success', body: { success: true } });
    }),
  );
  return logged;
}
afterEach(() => vi.unstubAllGlobals());

it("logs a refused card with the provider's message and gives the shopper that message", async () => {
  const logged = answer(json(402, { error: { message: 'Your card was declined.' } }));
  expect(await tokenizeEntry(where, card)).toEqual({ ok: false, message: 'Your card was declined.' });
  expect(logged).toEqual(['[card] tokenization failed: Your card was declined.']);
  expect(logged.join()).not.toContain('4000');
});

it('logs nothing when the provider answers with a token', async () => {
  const logged = answer(
    json(200, { id: 'tok_1', object: 'token', card: { last4: '4242', brand: 'Visa', exp_month: 12, exp_year: 2034, name: 'Ada Lovelace' } }),
  );
  expect((await tokenizeEntry(where, { ...card, number: '4242424242424242' })).ok).toBe(true);
  expect(logged).toEqual([]);
});
