import type { APIContext } from 'astro';
import { expect, it, vi } from 'vitest';
import { API } from '#src/lib/api/contract.ts';
import type { ReplyOf } from '#src/lib/api/endpoint.ts';
import { CommerceRefusal } from '#src/lib/commerce-api/call.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';
import { basketFixture } from '../helpers/reply-fixtures.ts';

// As on the Playwright suite's server (scripts/e2e-server.ts); read once, at the first config() call.
process.env['API_REPLY_CHECK'] = '1';

const call = (handler: (context: APIContext) => Promise<Response>, body?: unknown, headers: Record<string, string> = {}) =>
  handler({
    request: new Request('http://127.0.0.1/api', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body ?? {}),
    }),
    url: new URL('http://127.0.0.1/api'),
  } as APIContext);

it('reads the body with the entry’s request schema before the handler runs', async () => {
  const handler = vi.fn(async (_context: APIContext, input: { promotionId: string }) =>
    success({ promotionId: input.promotionId, calloutMsg: '', details: '', couponCodeID: null }),
  );
  const refused = await call(apiEndpoint(API.readPromotion, handler), { promotionId: '' });
  expect(refused.status).toBe(400);
  expect(await refused.json()).toEqual({ status: 'error', message: 'promotionId is required.' });
  expect(handler).not.toHaveBeenCalled();
  const read = await call(apiEndpoint(API.readPromotion, handler), { promotionId: ' p1 ' });
  expect((await read.json()).body.promotionId).toBe('p1');
});

it('with API_REPLY_CHECK=1, a reply that does not match the entry’s reply schema becomes a 500 naming the difference', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const wrong = { basketId: 42 } as unknown as ReplyOf<typeof API.bagId>;
  const reply = await call(apiEndpoint(API.bagId, async () => success(wrong)));
  expect(reply.status).toBe(500);
  expect((await reply.json()).message).toMatch(/^The reply does not match its contract \(BagId\): basketId: /);
  expect(logged).toHaveBeenCalledOnce();
  logged.mockRestore();
});

it('with API_REPLY_CHECK=1, a matching reply goes out as it was made, for the middleware to compress', async () => {
  // Over 1 KiB: the middleware compresses it afterwards (src/server/http/compress.ts), from the text the endpoint made.
  const basket = basketFixture({ c_notices: Array.from({ length: 30 }, (_, i) => `Notice ${i} about something that changed in the bag.`) });
  const made = success({ basket });
  const reply = await call(
    apiEndpoint(API.removeLine, async () => made),
    { itemId: 'i1' },
  );
  expect(reply).toBe(made);
});

it('answers the commerce API’s database out of reach with a 503 and the technical error (an entry may name its own), logged in one line; any other fault is a 500', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  // What the commerce API answers while its database is away (src/server/commerce-api/embedded.ts problemOf).
  const unavailable = (why: string) =>
    new CommerceRefusal({
      status: 503,
      code: 'unavailable',
      message: 'Something went wrong on our side. Please try again.',
      detail: `the database is unavailable (${why})`,
    });
  const refused = unavailable('connect ECONNREFUSED 127.0.0.1:5432');
  const terminated = unavailable('terminating connection due to administrator command');
  const throwing = (err: Error) => async (): Promise<never> => {
    throw err;
  };
  const away = await call(apiEndpoint(API.bagId, throwing(refused)));
  expect(away.status).toBe(503);
  expect(await away.json()).toEqual({ status: 'error', message: 'Something went wrong on our side. Please try again.' });
  expect(logged).toHaveBeenLastCalledWith('[api] POST /api: the database is unavailable (connect ECONNREFUSED 127.0.0.1:5432)');
  const placing = await call(apiEndpoint(API.bagId, throwing(terminated), 'There was a technical problem processing your order, please try again'));
  expect(placing.status).toBe(503);
  expect((await placing.json()).message).toBe('There was a technical problem processing your order, please try again');
  for (const fault of [new Error('a bug'), new CommerceRefusal({ status: 500, code: 'fault', message: 'engine fault' })]) {
    expect((await call(apiEndpoint(API.bagId, throwing(fault)))).status).toBe(500);
  }
});

it('answers a refusal of the shopper with its own status and message, whatever its code: only the engine out of reach or refusing the store is a 503', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const throwing = (err: Error) => async (): Promise<never> => {
    throw err;
  };
  const guest = new CommerceRefusal({ status: 401, code: 'unauthorized', message: 'Please sign in to join. A membership belongs to an account.' });
  const refused = await call(apiEndpoint(API.bagId, throwing(guest)));
  expect([refused.status, await refused.json()]).toEqual([
    401,
    { status: 'error', message: 'Please sign in to join. A membership belongs to an account.' },
  ]);
  const store = new CommerceRefusal({
    status: 503,
    code: 'unauthorized',
    message: 'Something went wrong on our side. Please try again.',
    detail: 'the engine refused the secret',
  });
  expect((await call(apiEndpoint(API.bagId, throwing(store)))).status).toBe(503);
  expect(logged).toHaveBeenLastCalledWith('[api] POST /api: the engine refused the secret');
});
