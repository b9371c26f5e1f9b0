import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitTotal, TENDER_METHODS, tenderRows, type TenderBalance } from '#src/lib/tenders/tender-split.ts';

const card = (id: string, available: number, position: number, method: TenderBalance['method'] = 'SVS_GIFT_CARD'): TenderBalance => ({
  id,
  method,
  position,
  available,
});

describe('what each tender pays of an order', () => {
  it('gift cards pay in the order they were applied, each the lesser of its balance and what is left; a card pays the rest', () => {
    const split = splitTotal(8000, [card('b', 5000, 2), card('a', 2000, 1), card('c', 9000, 3)]);
    expect(split.shares).toEqual([
      { id: 'a', method: 'SVS_GIFT_CARD', applied: 2000 },
      { id: 'b', method: 'SVS_GIFT_CARD', applied: 5000 },
      { id: 'c', method: 'SVS_GIFT_CARD', applied: 1000 },
    ]);
    expect(split.amountDue).toBe(0);
    expect(splitTotal(8000, [card('a', 2500, 0)])).toEqual({
      shares: [{ id: 'a', method: 'SVS_GIFT_CARD', applied: 2500 }],
      applied: 2500,
      amountDue: 5500,
    });
  });

  it('rewards and certificates pay before gift cards applied earlier', () => {
    const split = splitTotal(3000, [card('gift', 5000, 0), card('cert', 1000, 1, 'FB_REWARD_CERTIFICATE'), card('dia', 500, 2, 'DIA_REWARDS')]);
    expect(split.shares.map((s) => [s.id, s.applied])).toEqual([
      ['cert', 1000],
      ['dia', 500],
      ['gift', 1500],
    ]);
  });

  it('a card with nothing left pays nothing, and a bag with no tenders is all due', () => {
    expect(splitTotal(1234, [card('a', 0, 0)]).shares[0]!.applied).toBe(0);
    expect(splitTotal(1234, [])).toEqual({ shares: [], applied: 0, amountDue: 1234 });
  });

  it('for any total and balances: the amounts sum to min(total, balances), none negative or above its balance, in order', () => {
    const tender = fc.record({
      available: fc.integer({ min: 0, max: 1_000_000 }),
      method: fc.constantFrom(...TENDER_METHODS),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), fc.array(tender, { maxLength: 8 }), (total, list) => {
        const tenders = list.map((t, i) => card(`t${i}`, t.available, i, t.method));
        const split = splitTotal(total, tenders);
        const held = tenders.reduce((s, t) => s + t.available, 0);
        const paid = split.shares.reduce((s, t) => s + t.applied, 0);
        expect(paid).toBe(Math.min(total, held));
        expect(split.applied).toBe(paid);
        expect(split.amountDue).toBe(total - paid);
        expect(split.amountDue).toBeGreaterThanOrEqual(0);
        const byId = new Map(tenders.map((t) => [t.id, t]));
        for (const s of split.shares) {
          expect(Number.isInteger(s.applied)).toBe(true);
          expect(s.applied).toBeGreaterThanOrEqual(0);
          expect(s.applied).toBeLessThanOrEqual(byId.get(s.id)!.available);
        }
        // Application order: rewards and certificates, then gift cards, each kind in the order applied; a tender pays
        // only once every tender before it has paid all it holds.
        const rank = (m: string) => (m === 'SVS_GIFT_CARD' ? 2 : m === 'FB_REWARD_DOLLAR' || m === 'DIA_REWARDS' ? 1 : 0);
        split.shares.forEach((s, i) => {
          const before = split.shares[i - 1];
          if (!before) return;
          expect(rank(before.method)).toBeLessThanOrEqual(rank(s.method));
          if (rank(before.method) === rank(s.method)) expect(byId.get(before.id)!.position).toBeLessThan(byId.get(s.id)!.position);
        });
        split.shares.forEach((s, i) => {
          if (i > 0 && s.applied > 0) {
            const before = split.shares[i - 1]!;
            expect(before.applied).toBe(byId.get(before.id)!.available);
          }
        });
      }),
    );
  });

  it('for any mix of certificates, rewards and gift cards: the summary rows add up to what the tenders pay, and the charge depends only on the balances held', () => {
    const tender = fc.record({
      available: fc.integer({ min: 0, max: 100_000 }),
      method: fc.constantFrom(...TENDER_METHODS),
      claimed: fc.integer({ min: -1_000_000, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000 }), fc.array(tender, { minLength: 1, maxLength: 5 }), (total, list) => {
        const tenders = list.map((t, i) => card(`t${i}`, t.available, i, t.method));
        const split = splitTotal(total, tenders);
        const rows = tenderRows(split.shares);
        const rowSum = (rows.rewardsApplied ?? 0) + (rows.elqRewardsApplied ?? 0) + (rows.diaRewardsApplied ?? 0) + rows.giftCardsApplied;
        expect(rowSum).toBe(split.applied);
        expect(split.applied + split.amountDue).toBe(total);
        // What a client claims a tender pays is no input: the split reads only the balances, in any order given.
        const reversed = splitTotal(total, [...tenders].reverse());
        expect(reversed.amountDue).toBe(split.amountDue);
        const withClaims = splitTotal(
          total,
          tenders.map((t, i) => ({ ...t, applied: list[i]!.claimed }) as TenderBalance),
        );
        expect(withClaims).toEqual(split);
      }),
    );
  });

  it('a reward row appears only when its kind is on the bag; the gift card row always', () => {
    expect(tenderRows([{ method: 'SVS_GIFT_CARD', applied: 500 }])).toEqual({ giftCardsApplied: 500 });
    expect(
      tenderRows([
        { method: 'FB_REWARD_CERTIFICATE', applied: 1000 },
        { method: 'ADS_REWARD_CERTIFICATE', applied: 500 },
        { method: 'FB_REWARD_DOLLAR', applied: 0 },
        { method: 'DIA_REWARDS', applied: 250 },
      ]),
    ).toEqual({ rewardsApplied: 1500, elqRewardsApplied: 0, diaRewardsApplied: 250, giftCardsApplied: 0 });
  });
});
