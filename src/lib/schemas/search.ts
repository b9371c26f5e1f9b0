import * as v from 'valibot';
import { BRAND_CODES } from '../constants.ts';

/** POST /api/global/auto_suggest (spec §7). token / access_token are accepted and unused: our session is a cookie. */
export const SEARCH_QUERY_MAX = 100;

export const AutoSuggestSchema = v.object({
  query: v.pipe(
    v.string('query is required.'),
    v.trim(),
    v.maxLength(SEARCH_QUERY_MAX, `The search term must be at most ${SEARCH_QUERY_MAX} characters.`),
  ),
  brandContextId: v.optional(v.nullable(v.picklist(BRAND_CODES, 'Unknown brand.')), null),
  fullPayload: v.optional(v.boolean('fullPayload must be true or false.'), false),
  token: v.optional(v.string()),
  access_token: v.optional(v.string()),
});

/** The reply's body.suggestions (spec §3 search suggestions). */
export interface Suggestions {
  initial_keyword: string;
  typeahead: { name: string }[];
  quicklinks: { name: string; value: string }[];
  products: { id: string; pdp_url: string; product_thumb_image: string; review_average: number | null; display_name: string; brand_label: string }[];
}
