/**
 * Whether a search term looks like an item number (spec §4 Search: such terms go to /quick-order). An item number
 * is a product id of this catalog: a 2–3 letter prefix, a dash and 1–6 digits ("fb-1001", "egc-3"), or a bare
 * number of 4 to 8 digits, the catalog's printed number without its prefix ("1001" finds fb-1001). The spec's
 * one brand whose item-number terms are searched instead is the shoe brand (ks, docs/decisions.md): shoppers there
 * type sizes and style numbers ("8", "1102") as search words.
 */
const PRODUCT_ID = /^[a-z]{2,3}-\d{1,6}$/i;
const BARE_NUMBER = /^\d{4,8}$/;
export const ITEM_NUMBER_SEARCHED_BRAND = 'ks';

export function looksLikeItemNumber(term: string, brandContextId?: string | null): boolean {
  if (brandContextId === ITEM_NUMBER_SEARCHED_BRAND) return false;
  const t = term.trim();
  return PRODUCT_ID.test(t) || BARE_NUMBER.test(t);
}
