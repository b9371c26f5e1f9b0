import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRAND_CODES } from '#src/lib/constants.ts';
import { accrue, eligibleCents, pointsFor, shareOut } from '#src/lib/rewards/earning.ts';
import { rewardsOffers, showsRewardsOffer } from '#src/lib/rewards/offer.ts';
import { brandProgrammeOf, programmeOfRewardBrand, REWARDS_POINTS_THRESHOLD } from '#src/lib/rewards/programmes.ts';
import { summaryRows } from '#src/lib/summary-rows.ts';
import type { BasketSummary } from '#src/lib/commerce-types.ts';

describe('the rewards programmes', () => {
  it('put every brand in exactly one brand programme', () => {
    for (const brand of BRAND_CODES) expect(['elq', 'dia']).toContain(brandProgrammeOf(brand));
    expect(brandProgrammeOf('fb')).toBe('elq');
    expect(brandProgrammeOf('jl')).toBe('dia');
    expect(brandProgrammeOf('zz')).toBeNull();
  });

  it('are named by their rewardBrand: zq is ELQ, dia is Dia', () => {
    expect(programmeOfRewardBrand('zq')).toBe('elq');
    expect(programmeOfRewardBrand('dia')).toBe('dia');
    expect(programmeOfRewardBrand('fbb')).toBeNull();
  });
});

describe('what an order earns', () => {
  it('is one point per whole dollar of merchandise', () => {
    expect(pointsFor(4999)).toBe(49);
    expect(pointsFor(99)).toBe(0);
    expect(pointsFor(10000)).toBe(100);
    expect(pointsFor(-500)).toBe(0);
  });

  it('keeps a code on the brand it discounted: a Dia code lowers Dia points only (89 ELQ and 42 Dia, not 86 and 45)', () => {
    // An ELQ line of $89.50 and a Dia line of $46.67 that a 10% code takes $4.67 off.
    const lines = [
      { brand: 'ww', cents: 8950, discountCents: 0 },
      { brand: 'jl', cents: 4667, discountCents: 467 },
    ];
    const e = eligibleCents(lines);
    expect(e).toEqual({ fbb: 13150, elq: 8950, dia: 4200 });
    expect([pointsFor(e.elq), pointsFor(e.dia)]).toEqual([89, 42]);
  });

  it('earns nothing on what rewards and certificates paid, taken from every line by what it cost after codes', () => {
    const lines = [
      { brand: 'fb', cents: 6000, discountCents: 0 },
      { brand: 'jl', cents: 4000, discountCents: 1000 },
    ];
    expect(eligibleCents(lines, 0)).toEqual({ fbb: 9000, elq: 6000, dia: 3000 });
    expect(eligibleCents(lines, 900)).toEqual({ fbb: 8100, elq: 5400, dia: 2700 });
    expect(eligibleCents(lines, 50_000)).toEqual({ fbb: 0, elq: 0, dia: 0 });
  });

  it('never earns on more than was paid for merchandise with money, nor on less than nothing', () => {
    const line = fc.record({
      brand: fc.constantFrom(...BRAND_CODES),
      cents: fc.integer({ min: 0, max: 100_000 }),
      discountCents: fc.integer({ min: 0, max: 100_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.integer({ min: 0, max: 1_000_000 }), (lines, nonCash) => {
        const net = lines.reduce((s, l) => s + Math.max(0, l.cents - l.discountCents), 0);
        const e = eligibleCents(lines, nonCash);
        expect(e.fbb).toBe(Math.max(0, net - nonCash));
        for (const v of Object.values(e)) expect(v).toBeGreaterThanOrEqual(0);
        expect(e.elq + e.dia).toBe(e.fbb);
      }),
    );
  });

  it('shares an amount out in whole cents that add up to it, each within a cent of its exact share', () => {
    expect(shareOut(100, [300, 300, 300])).toEqual([34, 33, 33]);
    expect(shareOut(500, [100, 0])).toEqual([100, 0]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.array(fc.integer({ min: 0, max: 50_000 }), { maxLength: 6 }), (amount, weights) => {
        const shares = shareOut(amount, weights);
        const total = weights.reduce((s, w) => s + w, 0);
        expect(shares.reduce((s, x) => s + x, 0)).toBe(Math.min(amount, total));
        shares.forEach((x, i) => {
          expect(x).toBeLessThanOrEqual(weights[i]!);
          if (total > 0) expect(Math.abs(x - (Math.min(amount, total) * weights[i]!) / total)).toBeLessThan(1);
        });
      }),
    );
  });
});

describe('the points threshold', () => {
  it('turns 500 points into one reward and carries the rest', () => {
    expect(accrue(320, 250)).toEqual({ rewards: 1, carried: 70 });
    expect(accrue(0, 499)).toEqual({ rewards: 0, carried: 499 });
    expect(accrue(499, 1001)).toEqual({ rewards: 3, carried: 0 });
  });

  it('issues floor(total / threshold) rewards across any split of orders, and never holds negative points', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3000 }), { maxLength: 30 }), (orders) => {
        let held = 0;
        let rewards = 0;
        for (const points of orders) {
          const step = accrue(held, points);
          expect(step.carried).toBeGreaterThanOrEqual(0);
          expect(step.carried).toBeLessThan(REWARDS_POINTS_THRESHOLD);
          held = step.carried;
          rewards += step.rewards;
        }
        const total = orders.reduce((s, n) => s + n, 0);
        expect(rewards).toBe(Math.floor(total / REWARDS_POINTS_THRESHOLD));
        expect(held).toBe(total % REWARDS_POINTS_THRESHOLD);
      }),
    );
  });
});

describe('the rewards offer', () => {
  it('shows only to an active member with an eligible amount, while discounts may be added and none are applied', () => {
    const offer = { isActiveMember: true, eligibleCents: 1000, isMaxDiscountsApplied: false, rewardsApplied: false };
    expect(showsRewardsOffer(offer)).toBe(true);
    expect(showsRewardsOffer({ ...offer, isActiveMember: false })).toBe(false);
    expect(showsRewardsOffer({ ...offer, eligibleCents: 0 })).toBe(false);
    expect(showsRewardsOffer({ ...offer, isMaxDiscountsApplied: true })).toBe(false);
    expect(showsRewardsOffer({ ...offer, rewardsApplied: true })).toBe(false);
  });

  it('is shown exactly when all four conditions hold', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: -100, max: 10_000 }), fc.boolean(), fc.boolean(), (active, cents, max, applied) => {
        const o = { isActiveMember: active, eligibleCents: cents, isMaxDiscountsApplied: max, rewardsApplied: applied };
        expect(showsRewardsOffer(o)).toBe(active && cents > 0 && !max && !applied);
      }),
    );
  });
});

describe("an order's summary", () => {
  const summary: BasketSummary = {
    subTotal: 5000,
    couponDiscount: 0,
    shippingAndHandling: 0,
    totalTax: 0,
    isTaxCalculated: true,
    orderTotal: 5000,
    youSaved: 0,
    isDigitalItemsOnly: false,
    shippingAddressAvailable: true,
  };

  it('shows the points each programme earned, after the total, without changing it', () => {
    const rows = summaryRows({ ...summary, fbbRewardsEarned: 50, elqRewardsEarned: 1 }, 'order');
    expect(rows.slice(-2).map((r) => [r.label, r.value, r.role])).toEqual([
      ['Rewards points earned', '50 points', 'note'],
      ['ELQ Rewards points earned', '1 point', 'note'],
    ]);
    expect(rows.find((r) => r.key === 'orderTotal')?.amount).toBe(5000);
  });

  it('shows no earned rows when nothing was earned', () => {
    expect(summaryRows(summary, 'order').some((r) => r.key.endsWith('RewardsEarned'))).toBe(false);
  });
});

describe('the rewards offers of a bag', () => {
  const input = {
    balances: { elq: { isActiveMember: true, totalRewards: 2500 }, dia: { isActiveMember: true, totalRewards: 900 } },
    brands: ['fb'],
    amountDue: 1800,
    isMaxDiscountsApplied: false,
    applied: [],
    rewardsTaken: true,
  } as const;

  it("offers a programme of the bag's brands, the lesser of the balance and what is left to pay", () => {
    expect(rewardsOffers(input)).toEqual([
      {
        applicableRewards: 1800,
        totalRewards: 2500,
        paymentMethodId: 'FB_REWARD_DOLLAR',
        rewardsType: 'elqRewards',
        rewardBrand: 'zq',
        label: 'ELQ Rewards',
      },
    ]);
    expect(rewardsOffers({ ...input, brands: ['fb', 'jl'] }).map((o) => [o.rewardBrand, o.applicableRewards])).toEqual([
      ['zq', 1800],
      ['dia', 900],
    ]);
  });

  it('offers nothing once applied, at the cap, with nothing left to pay, or to a lapsed member', () => {
    expect(rewardsOffers({ ...input, applied: ['elq'] })).toEqual([]);
    expect(rewardsOffers({ ...input, isMaxDiscountsApplied: true })).toEqual([]);
    expect(rewardsOffers({ ...input, amountDue: 0 })).toEqual([]);
    expect(rewardsOffers({ ...input, balances: { elq: { isActiveMember: false, totalRewards: 2500 } } })).toEqual([]);
  });

  it('offers nothing on a bag whose brands do not take rewards as payment: applying them would be refused', () => {
    expect(rewardsOffers({ ...input, brands: ['jl', 'ks'], rewardsTaken: false })).toEqual([]);
  });
});
