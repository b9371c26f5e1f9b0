import { type BrandCode, isBrandCode } from '../constants.ts';
import { cookieAssignment } from '../cookies.ts';

/**
 * The brand whose pages the shopper is on, from the path: /brand/{code}, or a product page whose slug ends in the
 * product id ("/p/everyday-crew-tee-fb-1001"). Null on shared pages (home, bag, search).
 */
export function brandFromPath(pathname: string): BrandCode | null {
  const m = /^\/brand\/([a-z]{2})\/?$/.exec(pathname) ?? /^\/p\/.*-([a-z]{2})-\d+\/?$/.exec(pathname);
  const code = m?.[1];
  return isBrandCode(code) ? code : null;
}

/** Brand tabs in order: the others as listed, each new brand inserted at its placedIndex (clamped). */
export function orderBrandTabs<T extends { isNewBrand?: boolean; placedIndex?: number | undefined }>(tabs: T[]): T[] {
  const out = tabs.filter((t) => !(t.isNewBrand && t.placedIndex !== undefined));
  for (const t of tabs) {
    if (t.isNewBrand && t.placedIndex !== undefined) out.splice(Math.min(t.placedIndex, out.length), 0, t);
  }
  return out;
}

/** Whether the promo bar is hidden on a path: an excluded page is exact, or a prefix when it ends in '*'. */
export function isExcludedPage(pathname: string, excluded: string[]): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return excluded.some((e) => (e.endsWith('*') ? path.startsWith(e.slice(0, -1)) : path === e));
}

/** The cookies a country switch writes: the new product page, the cart and their variants flagged off. */
export const COUNTRY_SWITCH_COOKIES = ['newPDP', 'newPDPVariant', 'newCart', 'newCartVariant'].map((name) =>
  cookieAssignment(name, 'false', { maxAge: 60 * 60 * 24 * 30 }),
);
