import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import { issue } from '#src/server/gift-cards/issue.ts';
import { balance, debit, reverse } from '#src/server/gift-cards/ledger.ts';
import type { Db } from '#src/server/db/database.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { giftCardIssuer } from '../helpers/gift-card-fixtures.ts';

/**
 * A gift card's ledger: a card never pays out more than it holds, however many placements debit it at once; each
 * debit and reversal happens once per placement attempt; a card is issued once per order line and unit. Runs on
 * SQLite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
let issuer: Awaited<ReturnType<typeof giftCardIssuer>>;
const onPostgres = !!process.env.DATABASE_URL;
beforeAll(async () => {
  t = await freshDb({ seed: false });
  issuer = await giftCardIssuer(t.db);
});
afterAll(() => t.cleanup());

const balanceOf = (cardId: string) => balance(t.db.kysely, cardId);
const ledgerSum = async (cardId: string) =>
  (await t.db.kysely.selectFrom('gift_card_ledger').select('amount_cents').where('card_id', '=', cardId).execute()).reduce(
    (s, r) => s + r.amount_cents,
    0,
  );
const debitIn = (db: Db, cardId: string, attemptId: string, cents: number) => withWriteTransaction(db, (tx) => debit(tx, cardId, attemptId, cents));
const reverseIn = (attemptId: string) => withWriteTransaction(t.db, (tx) => reverse(tx, attemptId));

describe(`debits (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('20 concurrent debits of $5.00 from a $50.00 card take $50.00 and no more', async () => {
    const card = await issuer.card(5000);
    const taken = await Promise.all(Array.from({ length: 20 }, (_, i) => debitIn(t.db, card.cardId, `race-${card.cardId}-${i}`, 500)));
    expect(taken.reduce((s, n) => s + n, 0)).toBe(5000);
    expect(taken.filter((n) => n === 500)).toHaveLength(10);
    expect(await balanceOf(card.cardId)).toBe(0);
    expect(await ledgerSum(card.cardId)).toBe(0);
  });

  describe.runIf(onPostgres)('on PostgreSQL, where each app instance has a connection pool of its own', () => {
    it('20 debits of $5.00 through 20 separate pools take $50.00 and no more', async () => {
      const card = await issuer.card(5000);
      const handles = Array.from({ length: 20 }, () => t.another());
      const taken = await Promise.all(handles.map((h, i) => debitIn(h, card.cardId, `pools-${card.cardId}-${i}`, 500)));
      expect(taken.reduce((s, n) => s + n, 0)).toBe(5000);
      expect(await balanceOf(card.cardId)).toBe(0);
    });
  });

  it('takes at most the balance: a debit larger than the card takes what is left', async () => {
    const card = await issuer.card(2500);
    expect(await debitIn(t.db, card.cardId, 'big-1', 4000)).toBe(2500);
    expect(await debitIn(t.db, card.cardId, 'big-2', 100)).toBe(0);
    expect(await balanceOf(card.cardId)).toBe(0);
  });

  it('the same attempt debits a card once, and answers what it took the first time', async () => {
    const card = await issuer.card(5000);
    expect(await debitIn(t.db, card.cardId, 'once', 1200)).toBe(1200);
    expect(await debitIn(t.db, card.cardId, 'once', 1200)).toBe(1200);
    expect(await balanceOf(card.cardId)).toBe(3800);
  });
});

describe('reversals', () => {
  it('give a failed placement’s debits back once, however often they run', async () => {
    const a = await issuer.card(5000);
    const b = await issuer.card(1000);
    await debitIn(t.db, a.cardId, 'failed', 1500);
    await debitIn(t.db, b.cardId, 'failed', 1500);
    expect(await reverseIn('failed')).toBe(2500);
    expect(await reverseIn('failed')).toBe(0);
    expect([await balanceOf(a.cardId), await balanceOf(b.cardId)]).toEqual([5000, 1000]);
  });

  it('leave a reversed attempt unable to debit again', async () => {
    const card = await issuer.card(5000);
    await debitIn(t.db, card.cardId, 'over', 700);
    await reverseIn('over');
    expect(await debitIn(t.db, card.cardId, 'over', 700)).toBe(0);
    expect(await balanceOf(card.cardId)).toBe(5000);
  });

  it('of an attempt that debited nothing give nothing', async () => {
    expect(await reverseIn('never-debited')).toBe(0);
  });
});

describe('issuing', () => {
  it('issues one card for an order line and unit, however often it is asked', async () => {
    const line = { orderId: issuer.orderId, position: 7, unit: 0 };
    const first = await withWriteTransaction(t.db, (tx) => issue(tx, line, 'physical', 2500));
    const again = await withWriteTransaction(t.db, (tx) => issue(tx, line, 'physical', 2500));
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    const cards = await t.db.kysely
      .selectFrom('gift_cards')
      .select('id')
      .where('order_id', '=', issuer.orderId)
      .where('line_position', '=', 7)
      .execute();
    expect(cards).toHaveLength(1);
    expect(await balanceOf(cards[0]!.id)).toBe(2500);
  });

  it('stores neither the number nor the PIN', async () => {
    const card = await issuer.card(2500);
    const row = await t.db.kysely.selectFrom('gift_cards').selectAll().where('id', '=', card.cardId).executeTakeFirstOrThrow();
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(card.number);
    expect(row.pin_hash).not.toContain(card.pin);
    expect(row.last4).toBe(card.number.slice(-4));
  });
});

type Step = { op: 'issue'; cents: number } | { op: 'debit'; card: number; attempt: number; cents: number } | { op: 'reverse'; attempt: number };

describe('any sequence of issues, debits and reversals', () => {
  it('keeps every balance at or above zero and equal to what the sequence moved', async () => {
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ op: fc.constant('issue' as const), cents: fc.integer({ min: 1, max: 10_000 }) }),
      fc.record({
        op: fc.constant('debit' as const),
        card: fc.nat(3),
        attempt: fc.nat(4),
        cents: fc.integer({ min: 1, max: 12_000 }),
      }),
      fc.record({ op: fc.constant('reverse' as const), attempt: fc.nat(4) }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        run++;
        const cards: { id: string; held: number }[] = [];
        // What the model says each attempt took from each card, and which card and attempt pairs were reversed.
        const taken = new Map<string, number>();
        const reversed = new Set<string>();
        for (const s of steps) {
          if (s.op === 'issue') {
            cards.push({ id: (await issuer.card(s.cents)).cardId, held: s.cents });
          } else if (s.op === 'debit') {
            const card = cards[s.card % Math.max(cards.length, 1)];
            if (!card) continue;
            const key = `${card.id}:${s.attempt}`;
            const got = await debitIn(t.db, card.id, `p${run}-${s.attempt}`, s.cents);
            const expected = reversed.has(key) ? 0 : (taken.get(key) ?? Math.min(s.cents, card.held));
            expect(got).toBe(expected);
            if (!reversed.has(key) && !taken.has(key) && got > 0) {
              taken.set(key, got);
              card.held -= got;
            }
          } else {
            await reverseIn(`p${run}-${s.attempt}`);
            for (const card of cards) {
              const key = `${card.id}:${s.attempt}`;
              if (!taken.has(key)) continue;
              card.held += taken.get(key) ?? 0;
              taken.delete(key);
              reversed.add(key);
            }
          }
          for (const card of cards) {
            const now = await balanceOf(card.id);
            expect(now).toBeGreaterThanOrEqual(0);
            expect(now).toBe(card.held);
            expect(now).toBe(await ledgerSum(card.id));
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
