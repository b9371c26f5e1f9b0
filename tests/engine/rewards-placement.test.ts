import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import { readOrderConfirmation } from '#src/server/orders/orders.ts';
import { summaryRows } from '#src/lib/summary-rows.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { readyBag } from '../helpers/ready-bag.ts';
import { rewardsCustomer } from '../helpers/rewards-fixtures.ts';

/**
 * Earning happens in an order's commit: a signed-in customer's placed order earns its points once, however often the
 * placement is sent again, and its confirmation shows them; a declined placement earns nothing. Runs on SQLite, and
 * on PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
const SKU = 'fb-1002-olv-M';
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

async function place(customerId: string, card: string, key: string) {
  const { basketId, total } = await readyBag(t.db, SKU, card, 2);
  const gateway = sandboxGateway({ database: async () => t.db, timeoutMs: 2000 });
  const send = () => placeOrder(t.db, gateway, { bagId: basketId, customerId, idempotencyKey: key, body: { total }, expectedTotal: total }, 2000);
  return { first: await send(), again: await send() };
}

const pointsOf = async (customerId: string) =>
  (
    await t.db.kysely
      .selectFrom('rewards_memberships')
      .select('points')
      .where('customer_id', '=', customerId)
      .where('programme', '=', 'fbb')
      .executeTakeFirstOrThrow()
  ).points;

describe('earning at placement', () => {
  it("a signed-in customer's order earns once, and its confirmation shows the points", async () => {
    const customer = await rewardsCustomer(t.db, ['elq']);
    const { first, again } = await place(customer.id, '4242424242424242', `earn-${customer.id}`);
    expect(first.result.confirmationStatus).toBe('confirmed');
    expect(again.replayed).toBe(true);
    const merchandise = await t.db.kysely
      .selectFrom('order_lines')
      .select('line_total_cents')
      .where('order_id', '=', first.result.orderId as string)
      .executeTakeFirstOrThrow();
    const expected = Math.floor(merchandise.line_total_cents / 100);
    expect(expected).toBeGreaterThan(0);
    expect(await pointsOf(customer.id)).toBe(expected);
    const confirmation = await readOrderConfirmation(t.db, first.result.orderId as string);
    expect(confirmation?.summary).toMatchObject({ fbbRewardsEarned: expected, elqRewardsEarned: expected });
    // The confirmation e-mail says the same: one mail for the order, with every earned row the page shows.
    const mails = await t.db.kysely
      .selectFrom('outbox')
      .select('text_body')
      .where('subject', '=', `Your order ${first.result.orderNo} is confirmed`)
      .execute();
    expect(mails).toHaveLength(1);
    const earnedRows = summaryRows(confirmation!.summary, 'order').filter((r) => r.key.endsWith('RewardsEarned'));
    expect(earnedRows.map((r) => r.key).sort()).toEqual(['elqRewardsEarned', 'fbbRewardsEarned']);
    for (const row of earnedRows) expect(mails[0]!.text_body).toContain(`${row.label}: ${row.value}`);
  });

  it('a declined placement earns nothing', async () => {
    const customer = await rewardsCustomer(t.db);
    const { first } = await place(customer.id, '4000000000000002', `declined-${customer.id}`);
    expect(first.result.confirmationStatus).not.toBe('confirmed');
    expect(await pointsOf(customer.id)).toBe(0);
  });
});
