import { looksLikeItemNumber } from './item-number.ts';

/**
 * The URLs search leads to (spec §2 route table), built in one place. URLSearchParams encodes spaces as '+',
 * which the server reads back as spaces.
 */
const build = (path: string, params: [string, string][]) => `${path}?${new URLSearchParams(params).toString()}`;

/** Submitted search; a term that looks like an item number goes to /quick-order with the same query shape. */
export function submittedSearchUrl(term: string, brandContextId?: string | null): string {
  const q = term.trim();
  const path = looksLikeItemNumber(q, brandContextId) ? '/quick-order' : '/search';
  return build(path, [
    ['q', q],
    ['search-button', ''],
    ['lang', 'default'],
  ]);
}

export const recentSearchUrl = (term: string) =>
  build('/search', [
    ['q', term],
    ['search_method', 'recent searches'],
  ]);

export const typeaheadUrl = (suggestion: string, typed: string) =>
  build('/search', [
    ['q', suggestion],
    ['search_term', typed],
    ['search_term_suggested', suggestion],
  ]);

export const quickLinkUrl = (categoryId: string, typed: string, name: string) =>
  build('/search', [
    ['cgid', categoryId],
    ['search_term', typed],
    ['search_suggested_quick_link', name],
  ]);

/** Product links from search carry the typed term. */
export function productUrlWithTerm(pdpUrl: string, typed: string): string {
  const [path, query = ''] = pdpUrl.split('?');
  const params = new URLSearchParams(query);
  params.set('search_term', typed);
  return `${path}?${params.toString()}`;
}
