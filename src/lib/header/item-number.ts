/**
 * Whether a search term looks like an item number (spec §4 Search: such terms go to /quick-order). An item number
 * is a product id of this catalog: a 2–3 letter prefix, a dash and 1–6 digits ("fb-1001", "egc-3"), or a bare
 * number of 4 to 8 digits. Our choice (docs/decisions.md): for the shoe brand (ks) a bare number is searched
 * instead, because shoppers there type sizes and style numbers ("8", "1102") as search words.
 */
const PRODUCT_ID = /^[a-z]{2,3}-\d{1,6}$/i;
const BARE_NUMBER = /^\d{4,8}$/;
export const ITEM_NUMBER_SEARCHED_BRAND = 'ks';

export function looksLikeItemNumber(term: string, brandContextId?: string | null): boolean {
  const t = term.trim();
  if (PRODUCT_ID.test(t)) return true;
  if (!BARE_NUMBER.test(t)) return false;
  return brandContextId !== ITEM_NUMBER_SEARCHED_BRAND;
}
