import { expect, test, type APIResponse } from '@playwright/test';
import { sql } from 'kysely';
import { e2eDb } from '../helpers/e2e-db.ts';

/**
 * Reading the store without a cookie writes nothing: no session row, no cookie. (Anyone can send cookieless
 * requests as fast as they like; a row each filled the disk.) The rows counted are those a cookieless read would
 * make: no bag, no customer. Other suites running beside this one only ever store sessions that hold one of them,
 * or that placed an order (which lets the bag go).
 */
const reads: { label: string; send: (r: import('@playwright/test').APIRequestContext) => Promise<APIResponse> }[] = [
  { label: 'GET basket', send: (r) => r.get('/api/checkout/basket') },
  { label: 'GET me', send: (r) => r.get('/api/global/me') },
  { label: 'GET shipping_methods', send: (r) => r.get('/api/checkout/shipping_methods') },
  { label: 'POST basket id', send: (r) => r.post('/api/checkout/basket/id', { data: {} }) },
  { label: 'POST recommendations', send: (r) => r.post('/api/global/recommendations', { data: { criteria: 'cart-nextbestcategory' } }) },
  { label: 'GET /cart', send: (r) => r.get('/cart') },
  { label: 'GET /checkout', send: (r) => r.get('/checkout', { maxRedirects: 0 }) },
  { label: 'GET /my-account', send: (r) => r.get('/my-account', { maxRedirects: 0 }) },
  { label: 'GET /wishlist', send: (r) => r.get('/wishlist', { maxRedirects: 0 }) },
];

test('1,000 cookieless reads of endpoints and pages store no session and set no cookie', async ({ playwright, baseURL }) => {
  test.setTimeout(120_000);
  const db = e2eDb();
  const emptySessions = async () =>
    Number(
      (
        await db.kysely
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('customer_id', 'is', null)
          .where('basket_id', 'is', null)
          // A guest who placed an order keeps a session without a bag (the order let it go): not a read's row. Its
          // attempt's key is `<usid>:<key>`, or `web:<usid>:<key>` for an order placed through a web payment.
          .where(
            sql<boolean>`not exists (select 1 from checkout_attempts a where a.idempotency_key like sessions.usid || ':%' or a.idempotency_key like 'web:' || sessions.usid || ':%')`,
          )
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await emptySessions();
  const setCookies: string[] = [];
  const statuses = new Set<number>();
  const TOTAL = 1000;
  const PARALLEL = 10;
  for (let start = 0; start < TOTAL; start += PARALLEL) {
    await Promise.all(
      Array.from({ length: PARALLEL }, async (_, i) => {
        // A new context each time: every request is a first visit with no cookie at all.
        const visitor = await playwright.request.newContext({ baseURL });
        const { label, send } = reads[(start + i) % reads.length]!;
        const res = await send(visitor);
        statuses.add(res.status());
        for (const h of res.headersArray()) if (h.name.toLowerCase() === 'set-cookie') setCookies.push(`${label}: ${h.value.split(';')[0]}`);
        await visitor.dispose();
      }),
    );
  }
  expect([...statuses].every((s) => s < 500)).toBe(true);
  expect(setCookies.filter((c) => /: (sid|usid)=/.test(c))).toEqual([]);
  expect(await emptySessions()).toBe(before);
  await db.kysely.destroy();
});
