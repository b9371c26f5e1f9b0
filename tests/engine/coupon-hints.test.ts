import { afterAll, beforeAll, expect, it } from 'vitest';
import { readProduct } from '#src/server/commerce/catalog.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

const codesOn = async (id: string) => {
  const p = (await readProduct(t.db, id))!;
  return { codes: Object.values(p.promotions).map((x) => x.couponCodeID), groups: p.colorGroups.map((g) => g.hasApplicableCoupon) };
};

/** A product page names a code only if that code can take something off the product. */
it('the gift cards of a brand with a brand-wide code advertise no code; its clothes do', async () => {
  expect(await codesOn('ww-2001')).toEqual({ codes: ['SAVE15'], groups: [true, true] });
  for (const id of ['gc-2', 'egc-3']) expect(await codesOn(id), id).toEqual({ codes: [], groups: [false] });
});
