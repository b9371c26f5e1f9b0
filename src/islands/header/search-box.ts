import { callApi } from '#src/lib/api-client.ts';
import { sendLog } from '#src/lib/analytics/site-logging.ts';
import { API } from '#src/lib/api/contract.ts';
import { isBrandCode } from '#src/lib/constants.ts';
import { SEARCH_DEBOUNCE_MS } from '#src/lib/header/constants.ts';
import { createReplyGate } from '#src/lib/header/reply-gate.ts';
import { documentCookies, writeDocumentCookie } from '#src/lib/cookies.ts';
import { addRecentSearch, readRecentSearchCookie, recentSearchCookie, shownRecentSearches } from '#src/lib/header/recent-searches.ts';
import { productUrlWithTerm, quickLinkUrl, recentSearchUrl, submittedSearchUrl, typeaheadUrl } from '#src/lib/header/search-routes.ts';
import type { Suggestions } from '#src/lib/schemas/search.ts';
import { $searchOpen, closeSearch, openSearch } from '#src/lib/stores/header.ts';

/**
 * Search box behaviour (spec §4 Search): opens on focus, closes on Cancel or Escape; suggestions 500 ms after the
 * last keystroke, asked twice (fast light reply, then the full one) with stale replies ignored; recent searches in
 * a pipe-separated cookie; every route shape built by src/lib/header/search-routes.ts.
 */
export function startSearch(): void {
  const root = document.querySelector<HTMLElement>('[data-search]');
  if (!root) return;
  const q = <T extends HTMLElement>(sel: string) => root.querySelector<T>(sel)!;
  const form = q<HTMLFormElement>('[data-search-form]');
  const input = q<HTMLInputElement>('[data-search-input]');
  const panel = q<HTMLElement>('[data-search-panel]');
  const clear = q<HTMLButtonElement>('[data-search-clear]');
  const cancel = q<HTMLButtonElement>('[data-search-cancel]');
  const recentBox = q<HTMLElement>('[data-recent]');
  const suggestBox = q<HTMLElement>('[data-suggestions]');
  const status = q<HTMLElement>('[data-search-status]');
  const pageBrand = root.dataset['brand'];
  const brand = isBrandCode(pageBrand) ? pageBrand : null;

  const params = new URLSearchParams(location.search);
  if (!input.value && location.pathname.startsWith('/p/')) input.value = params.get('q') ?? params.get('search_term') ?? '';

  const remember = (term: string) => {
    writeDocumentCookie(recentSearchCookie(addRecentSearch(readRecentSearchCookie(documentCookies()), term)));
  };

  const link = (href: string, text: string, onPick: () => void) => {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = text;
    a.addEventListener('click', onPick);
    return a;
  };
  const fill = (list: HTMLElement, items: HTMLElement[]) =>
    list.replaceChildren(
      ...items.map((el) => {
        const li = document.createElement('li');
        li.append(el);
        return li;
      }),
    );

  // The panel shows only when it has something in it (recent searches or suggestions): no empty box on focus.
  const updatePanel = () => {
    const visible = $searchOpen.get() && !(recentBox.hidden && suggestBox.hidden);
    panel.hidden = !visible;
    input.setAttribute('aria-expanded', String(visible));
  };

  const showRecent = () => {
    const recent = shownRecentSearches(readRecentSearchCookie(documentCookies()));
    fill(
      q('[data-recent-list]'),
      recent.map((t) => link(recentSearchUrl(t), t, () => remember(t))),
    );
    recentBox.hidden = recent.length === 0;
    suggestBox.hidden = true;
    updatePanel();
  };

  const gate = createReplyGate();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const render = (s: Suggestions, full: boolean) => {
    const typed = s.initial_keyword;
    fill(
      q('[data-typeahead]'),
      s.typeahead.map((t) => link(typeaheadUrl(t.name, typed), t.name, () => remember(t.name))),
    );
    if (full) {
      fill(
        q('[data-quicklinks]'),
        s.quicklinks.map((c) => link(quickLinkUrl(c.value, typed, c.name), c.name, () => remember(typed))),
      );
      fill(
        q('[data-products]'),
        s.products.map((p) => {
          const a = link(productUrlWithTerm(p.pdp_url, typed), '', () => remember(typed));
          const img = document.createElement('img');
          img.src = p.product_thumb_image;
          img.alt = '';
          img.width = 48;
          img.height = 60;
          const name = document.createElement('span');
          name.textContent = p.display_name;
          const brandLabel = document.createElement('span');
          brandLabel.className = 'suggest-brand';
          brandLabel.textContent = p.brand_label;
          a.append(img, name, brandLabel);
          return a;
        }),
      );
      q<HTMLElement>('[data-quicklinks-box]').hidden = s.quicklinks.length === 0;
      q<HTMLElement>('[data-products-box]').hidden = s.products.length === 0;
      const n = s.typeahead.length + s.products.length;
      status.textContent = n ? `${n} suggestions for ${typed}` : `No suggestions for ${typed}`;
    }
    recentBox.hidden = true;
    suggestBox.hidden = false;
    updatePanel();
  };

  const request = (term: string) => {
    const mine = gate.next();
    for (const fullPayload of [false, true]) {
      // A failure is logged silently (header spec §8): no site error, the box simply shows no suggestions.
      callApi(API.suggest, { query: term, brandContextId: brand, fullPayload }, { unreported: true }).then((r) => {
        if (!r.ok) return sendLog(`[search] suggestions failed (${r.status}): ${r.message}`);
        // Stale: a newer term was asked for, or the full reply for this term already arrived.
        if (!gate.accept(mine, fullPayload)) return;
        render(r.body.suggestions, fullPayload);
      });
    }
  };

  const onInput = () => {
    if (!$searchOpen.get()) return openSearch(); // typing after Escape or Cancel opens it again (and comes back here)
    const term = input.value.trim();
    clear.hidden = input.value.length === 0;
    clearTimeout(timer);
    if (!term) {
      gate.cancel();
      showRecent();
      return;
    }
    timer = setTimeout(() => request(term), SEARCH_DEBOUNCE_MS);
  };

  $searchOpen.subscribe((open) => {
    cancel.hidden = !open;
    root.classList.toggle('search-open', open);
    if (!open) {
      clearTimeout(timer);
      gate.cancel();
    }
    updatePanel();
    if (open) onInput();
  });
  // Closing leaves focus on the field (not the page body): quietly, so the focus does not open it again.
  let quiet = false;
  const closeToField = () => {
    closeSearch();
    if (document.activeElement !== input) {
      quiet = true;
      input.focus();
      quiet = false;
    }
  };
  input.addEventListener('focus', () => !quiet && openSearch());
  input.addEventListener('click', openSearch);
  input.addEventListener('input', onInput);
  clear.addEventListener('click', () => {
    input.value = '';
    input.focus();
    onInput();
  });
  cancel.addEventListener('click', closeToField);
  root.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && $searchOpen.get()) closeToField();
  });
  document.addEventListener('click', (e) => {
    if ($searchOpen.get() && !root.contains(e.target as Node)) closeSearch();
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const term = input.value.trim();
    if (!term) return;
    remember(term);
    location.assign(submittedSearchUrl(term, brand));
  });
}
