import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { planMerge, type MergeLine } from '#src/server/commerce/bag-merge-plan.ts';
import { isValidPassword, passwordChecklist } from '#src/lib/password-rules.ts';
import { LoginSchema, RegisterSchema } from '#src/lib/schemas/account.ts';
import { Email } from '#src/lib/schemas/email.ts';
import { safeReturnPath } from '#src/lib/return-path.ts';

describe('password rule: 8-16 characters, at least one letter and one digit', () => {
  it.each([
    ['abcd1234', true],
    ['a1234567', true],
    ['abcdefghijklmno1', true],
    ['abc123', false],
    ['abcdefghijklmnop1', false],
    ['abcdefgh', false],
    ['12345678', false],
  ])('%s → %s', (pw, ok) => expect(isValidPassword(pw)).toBe(ok));
  it('drives the live checklist', () => {
    expect(passwordChecklist('ab')).toEqual([
      { label: '8-16 Characters', met: false },
      { label: '1 Letter', met: true },
      { label: '1 Number', met: false },
    ]);
  });
});

describe('account payloads', () => {
  it('lower-cases and checks e-mails with the spec messages', () => {
    expect(v.parse(Email, '  Ann@Example.COM ')).toBe('ann@example.com');
    expect(v.safeParse(Email, '').issues?.[0]?.message).toBe('Email is required');
    expect(v.safeParse(Email, 'ann@example.c').issues?.[0]?.message).toBe('Valid email is required');
  });
  it('needs names of letters, apostrophes, hyphens and spaces, up to 25', () => {
    const base = { email: 'a@b.co', password: 'abcd1234' };
    expect(v.safeParse(RegisterSchema, { ...base, firstName: "Mary-Jo O'Neil", lastName: 'Lee' }).success).toBe(true);
    expect(v.safeParse(RegisterSchema, { ...base, firstName: 'R2D2', lastName: 'Lee' }).success).toBe(false);
    expect(v.safeParse(RegisterSchema, { ...base, firstName: 'x'.repeat(26), lastName: 'Lee' }).success).toBe(false);
  });
  it('keep-me-signed-in defaults to off', () => {
    expect(v.parse(LoginSchema, { email: 'a@b.co', password: 'x' }).keepMeSignedIn).toBe(false);
  });
});

describe('return path after sign-in', () => {
  it('accepts a same-site path only', () => {
    expect(safeReturnPath('/cart', '/my-account')).toBe('/cart');
    expect(safeReturnPath('//evil.example/x', '/my-account')).toBe('/my-account');
    expect(safeReturnPath('https://evil.example', '/my-account')).toBe('/my-account');
    expect(safeReturnPath('/\\evil.example', '/my-account')).toBe('/my-account');
    expect(safeReturnPath(null, '/my-account')).toBe('/my-account');
    // What browsers read as another host: a tab or newline dropped, a backslash turned into a slash.
    expect(safeReturnPath('/\t/evil.example', '/my-account')).toBe('/my-account');
    expect(safeReturnPath(decodeURIComponent('/%09/evil.example'), '/my-account')).toBe('/my-account');
    expect(safeReturnPath('/\n/evil.example', '/my-account')).toBe('/my-account');
    expect(safeReturnPath('/\\/evil.example', '/my-account')).toBe('/my-account');
    // A path of the site, with its query and fragment, normalised.
    expect(safeReturnPath('/wishlist?pid=fb-1001#top', '/my-account')).toBe('/wishlist?pid=fb-1001#top');
    expect(safeReturnPath('/a/../cart', '/my-account')).toBe('/cart');
  });
});

const line = (over: Partial<MergeLine>): MergeLine => ({
  id: 'x',
  key: 'k',
  name: 'Tee',
  quantity: 1,
  limit: 10,
  isMembership: false,
  brand: 'fb',
  ...over,
});

describe('bag merge at sign-in', () => {
  it('moves guest lines into the stored bag', () => {
    const plan = planMerge([line({ id: 's1', key: 'a' })], [line({ id: 'g1', key: 'b', quantity: 2 })]);
    expect(plan.steps).toEqual([{ kind: 'move', sourceId: 'g1', quantity: 2 }]);
    expect(plan.notices).toEqual([]);
  });
  it('adds up quantities of the same variant and options, up to the limit, and says so when cut', () => {
    const plan = planMerge([line({ id: 's1', key: 'a', quantity: 8 })], [line({ id: 'g1', key: 'a', quantity: 4 })]);
    expect(plan.steps).toEqual([
      { kind: 'increase', targetId: 's1', quantity: 10 },
      { kind: 'drop', sourceId: 'g1' },
    ]);
    expect(plan.notices).toEqual(['We could add only 2 more of Tee.']);
  });
  it('drops a guest line that is sold out now, with a notice', () => {
    const plan = planMerge([], [line({ id: 'g1', key: 'z', limit: 0, name: 'Vest' })]);
    expect(plan.steps).toEqual([{ kind: 'drop', sourceId: 'g1' }]);
    expect(plan.notices).toEqual(['Vest is out of stock and was removed from your bag.']);
  });
  it('keeps one membership only and names its brand', () => {
    const perks = { isMembership: true, name: 'Perks Membership', brand: 'fb' };
    const plan = planMerge([line({ id: 's1', key: 'm', ...perks })], [line({ id: 'g1', key: 'm', ...perks })]);
    expect(plan.steps).toEqual([{ kind: 'drop', sourceId: 'g1' }]);
    expect(plan.removedMembershipBrand).toBe('fb');
  });
});
