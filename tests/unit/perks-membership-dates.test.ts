import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isActiveMember, mayBuyMembership, membershipEndAfter, membershipEndDisplay } from '#src/lib/perks/membership-dates.ts';
import { alreadyMemberMessage } from '#src/lib/perks/perks-texts.ts';

describe('the perks membership dates', () => {
  it('run a year from the order for a shopper who is not a member', () => {
    expect(membershipEndAfter(null, '2026-11-27T15:00:00.000Z')).toBe('2027-11-27T15:00:00.000Z');
    // An ended membership does not count: the year starts at the order.
    expect(membershipEndAfter('2026-01-01T00:00:00.000Z', '2026-11-27T15:00:00.000Z')).toBe('2027-11-27T15:00:00.000Z');
  });

  it('extend a year from the current end for a member who renews', () => {
    expect(membershipEndAfter('2026-12-10T08:00:00.000Z', '2026-11-27T15:00:00.000Z')).toBe('2027-12-10T08:00:00.000Z');
  });

  it('end on February 28 for a membership bought on February 29', () => {
    expect(membershipEndAfter(null, '2028-02-29T12:00:00.000Z')).toBe('2029-02-28T12:00:00.000Z');
  });

  it('never move the end backwards, and always leave the shopper a member after the order', () => {
    const instant = fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true });
    fc.assert(
      fc.property(fc.option(instant, { nil: null }), instant, (current, placed) => {
        const end = membershipEndAfter(current?.toISOString() ?? null, placed.toISOString());
        if (current) expect(Date.parse(end)).toBeGreaterThanOrEqual(current.getTime());
        expect(Date.parse(end)).toBeGreaterThan(placed.getTime());
        expect(isActiveMember(end, placed)).toBe(true);
      }),
    );
  });

  it('let a member buy again only in the last 30 days', () => {
    const now = new Date('2026-11-27T12:00:00.000Z');
    expect(mayBuyMembership(null, now)).toBe(true);
    expect(mayBuyMembership('2026-11-01T00:00:00.000Z', now)).toBe(true);
    expect(mayBuyMembership('2026-12-20T00:00:00.000Z', now)).toBe(true);
    expect(mayBuyMembership('2027-06-01T00:00:00.000Z', now)).toBe(false);
  });

  it('say the end on the store calendar', () => {
    expect(membershipEndDisplay('2027-11-28T03:00:00.000Z')).toBe('November 27, 2027');
    expect(alreadyMemberMessage('2027-11-28T03:00:00.000Z')).toBe(
      'You are already a member until November 27, 2027. You can renew in the last 30 days of your membership.',
    );
  });
});
