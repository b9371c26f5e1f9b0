import { headerShift, stickyState } from '#src/lib/header/sticky-rule.ts';
import { createReplyGate } from '#src/lib/header/reply-gate.ts';
import { forDevice, forMarket } from '#src/lib/header/menu-visibility.ts';
import { describe, expect, it } from 'vitest';
import { isOpenAt } from '#src/lib/header/open-at.ts';
import { isVisibleAt, newYorkInstant, toNewYorkWallClock } from '#src/lib/header/time-window.ts';
import { looksLikeItemNumber } from '#src/lib/header/item-number.ts';
import { pointsProgress, rewardsLink, type RewardsRecord } from '#src/lib/header/rewards.ts';
import {
  addRecentSearch,
  parseRecentSearches,
  readRecentSearchCookie,
  recentSearchCookie,
  serializeRecentSearches,
  shownRecentSearches,
} from '#src/lib/header/recent-searches.ts';
import { productUrlWithTerm, quickLinkUrl, recentSearchUrl, submittedSearchUrl, typeaheadUrl } from '#src/lib/header/search-routes.ts';
import { brandFromPath, isExcludedPage, orderBrandTabs } from '#src/lib/header/brand-context.ts';

describe('mega menu items show between their start and end times, in New York time, to the minute', () => {
  const item = { startTime: '2025-07-04T09:00', endTime: '2025-07-04T17:30' };
  it('opens at the start minute (EDT, UTC-4) and not a minute before', () => {
    expect(isVisibleAt(item, new Date('2025-07-04T12:59:59Z'))).toBe(false);
    expect(isVisibleAt(item, new Date('2025-07-04T13:00:00Z'))).toBe(true);
  });
  it('closes at the end minute', () => {
    expect(isVisibleAt(item, new Date('2025-07-04T21:29:59Z'))).toBe(true);
    expect(isVisibleAt(item, new Date('2025-07-04T21:30:00Z'))).toBe(false);
  });
  it('uses EST (UTC-5) in winter', () => {
    expect(newYorkInstant('2025-01-15T09:00')).toBe(Date.parse('2025-01-15T14:00:00Z'));
  });
  it('handles the spring daylight-saving change: 03:00 on 9 March 2025 is 07:00 UTC, a minute before is 01:59 EST', () => {
    const spring = { startTime: '2025-03-09T03:00' };
    expect(isVisibleAt(spring, new Date('2025-03-09T06:59:00Z'))).toBe(false);
    expect(toNewYorkWallClock(new Date('2025-03-09T06:59:00Z'))).toBe('2025-03-09T01:59');
    expect(isVisibleAt(spring, new Date('2025-03-09T07:00:00Z'))).toBe(true);
  });
  it('handles the autumn change: an end at 02:00 on 2 November 2025 (EST) is 07:00 UTC', () => {
    const autumn = { startTime: '2025-11-01T00:00', endTime: '2025-11-02T02:00' };
    expect(isVisibleAt(autumn, new Date('2025-11-02T06:59:00Z'))).toBe(true); // 01:59 EST, the second 01:59
    expect(isVisibleAt(autumn, new Date('2025-11-02T07:00:00Z'))).toBe(false);
  });
  it('an item without times always shows; a missing end never closes', () => {
    expect(isVisibleAt({}, new Date())).toBe(true);
    expect(isOpenAt(newYorkInstant('2020-01-01T00:00'), null, Date.now())).toBe(true);
  });
  it('compares to the minute: seconds inside the start minute count as the start minute', () => {
    const start = newYorkInstant('2025-07-04T09:00')!;
    expect(isOpenAt(start + 30_000, null, start + 10_000)).toBe(false);
    expect(isOpenAt(start, null, start + 59_999)).toBe(true);
  });
});

describe('item-number detection sends catalog numbers to quick order', () => {
  it.each(['fb-1001', 'FB-1001', 'egc-3', ' ca-7004 ', '123456'])('%s is an item number', (t) => expect(looksLikeItemNumber(t)).toBe(true));
  it.each(['dress', 'fb 1001', '12', 'size 8', 'blue-dress', 'fb-'])('%s is a search', (t) => expect(looksLikeItemNumber(t)).toBe(false));
  it('for the one brand that searches them (the shoe brand), item numbers are searched', () => {
    expect(looksLikeItemNumber('1102', 'ks')).toBe(false);
    expect(looksLikeItemNumber('ks-6001', 'ks')).toBe(false);
    expect(looksLikeItemNumber('1102', 'fb')).toBe(true);
    expect(looksLikeItemNumber('ks-6001', 'ww')).toBe(true);
  });
});

describe('the rewards link', () => {
  const record: RewardsRecord = {
    isActiveFBBRewardsMember: false,
    isActiveDiaRewardsMember: false,
    totalRewardsPoints: 120,
    rewardPointsThreshold: 200,
    tierStatus: 'Gold',
    totalCertificateAmount: 1000,
    rewardsPageURL: null,
  };
  it('is /rewards by default', () => expect(rewardsLink({ signedIn: false })).toEqual({ href: '/rewards', label: 'Dia Shop Rewards' }));
  it('is overridden by the header data', () => expect(rewardsLink({ signedIn: false, headerUrl: '/deals/rewards' }).href).toBe('/deals/rewards'));
  it('is overridden by the record, over the header data', () => {
    expect(rewardsLink({ signedIn: true, headerUrl: '/h', record: { ...record, rewardsPageURL: '/my/rewards' } }).href).toBe('/my/rewards');
  });
  it('ignores a record when signed out', () => {
    expect(rewardsLink({ signedIn: false, record: { ...record, rewardsPageURL: '/my/rewards' } }).href).toBe('/rewards');
  });
  it('is /myelqrewards for signed-in active members, labelled ELQ Rewards, over the record and header links', () => {
    const member = { ...record, isActiveFBBRewardsMember: true, rewardsPageURL: '/my/rewards' };
    expect(rewardsLink({ signedIn: true, record: member, headerUrl: '/h' })).toEqual({ href: '/myelqrewards', label: 'ELQ Rewards' });
    expect(rewardsLink({ signedIn: false, record: member })).toEqual({ href: '/rewards', label: 'Dia Shop Rewards' });
    expect(rewardsLink({ signedIn: true, record: { ...record, rewardsPageURL: '/my/rewards' } })).toEqual({
      href: '/my/rewards',
      label: 'Dia Shop Rewards',
    });
  });
  it('is /rewards for signed-in active Dia Shop Rewards members, labelled so, over the record and header links', () => {
    const member = { ...record, isActiveDiaRewardsMember: true, rewardsPageURL: '/my/rewards' };
    expect(rewardsLink({ signedIn: true, record: member, headerUrl: '/h' })).toEqual({ href: '/rewards', label: 'Dia Shop Rewards' });
    expect(rewardsLink({ signedIn: false, record: member, headerUrl: '/h' })).toEqual({ href: '/h', label: 'Dia Shop Rewards' });
    // A member of both programmes is named by ELQ's, as before.
    expect(rewardsLink({ signedIn: true, record: { ...member, isActiveFBBRewardsMember: true } }).href).toBe('/myelqrewards');
  });
  it('the points bar shows points against the threshold, capped at 100 %', () => {
    expect(pointsProgress(record)).toBe(60);
    expect(pointsProgress({ totalRewardsPoints: 500, rewardPointsThreshold: 200 })).toBe(100);
    expect(pointsProgress({ totalRewardsPoints: 5, rewardPointsThreshold: 0 })).toBe(100);
  });
});

describe('recent searches cookie', () => {
  it('is pipe-separated, newest first, without duplicates', () => {
    let list: string[] = [];
    for (const t of ['dress', 'jeans', 'Dress', 'boots']) list = addRecentSearch(list, t);
    expect(list).toEqual(['boots', 'Dress', 'jeans']);
    expect(decodeURIComponent(serializeRecentSearches(list))).toBe('boots|Dress|jeans');
  });
  it('shows the 5 latest', () => {
    let list: string[] = [];
    for (let i = 1; i <= 8; i++) list = addRecentSearch(list, `term ${i}`);
    expect(shownRecentSearches(list)).toEqual(['term 8', 'term 7', 'term 6', 'term 5', 'term 4']);
  });
  it('a pipe in a term cannot split it; empty terms are dropped', () => {
    expect(addRecentSearch([], 'a|b')).toEqual(['a b']);
    expect(addRecentSearch(['x'], '   ')).toEqual(['x']);
  });
  it('reads back what it writes, and a malformed cookie as empty', () => {
    const cookie = recentSearchCookie(['wrap dress', 'fb-1001']).split(';')[0]!;
    expect(readRecentSearchCookie(`sid=abc; ${cookie}; other=1`)).toEqual(['wrap dress', 'fb-1001']);
    expect(parseRecentSearches('%E0%A4%A')).toEqual([]);
    expect(parseRecentSearches(undefined)).toEqual([]);
  });
});

describe('search routes (spec §2)', () => {
  const query = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
  it('submitted search', () => {
    const url = submittedSearchUrl(' wrap dress ');
    expect(url.startsWith('/search?')).toBe(true);
    expect(query(url)).toEqual({ q: 'wrap dress', 'search-button': '', lang: 'default' });
  });
  it('an item number goes to /quick-order with the same query shape, except bare numbers for ks', () => {
    expect(submittedSearchUrl('fb-1001')).toBe('/quick-order?q=fb-1001&search-button=&lang=default');
    expect(submittedSearchUrl('1102', 'ks').startsWith('/search?')).toBe(true);
  });
  it('recent search, typeahead, quick link and product links', () => {
    expect(query(recentSearchUrl('boots'))).toEqual({ q: 'boots', search_method: 'recent searches' });
    expect(query(typeaheadUrl('dresses', 'dre'))).toEqual({ q: 'dresses', search_term: 'dre', search_term_suggested: 'dresses' });
    expect(query(quickLinkUrl('jeans', 'jea', 'Jeans'))).toEqual({ cgid: 'jeans', search_term: 'jea', search_suggested_quick_link: 'Jeans' });
    expect(productUrlWithTerm('/p/bootcut-jean-ca-7002', 'jea')).toBe('/p/bootcut-jean-ca-7002?search_term=jea');
  });
});

describe('brand context, brand tabs and promo bar exclusions', () => {
  it('finds the brand from brand and product paths', () => {
    expect(brandFromPath('/brand/ks')).toBe('ks');
    expect(brandFromPath('/p/everyday-crew-tee-fb-1001')).toBe('fb');
    expect(brandFromPath('/home')).toBeNull();
    expect(brandFromPath('/brand/zz')).toBeNull();
  });
  it('inserts a new brand at its placedIndex', () => {
    const tabs = [{ id: 'a' }, { id: 'b' }, { id: 'new', isNewBrand: true, placedIndex: 1 }, { id: 'c' }];
    expect(orderBrandTabs(tabs).map((t) => t.id)).toEqual(['a', 'new', 'b', 'c']);
    expect(orderBrandTabs([{ id: 'a' }, { id: 'n', isNewBrand: true, placedIndex: 9 }]).map((t) => t.id)).toEqual(['a', 'n']);
  });
  it('hides the promo bar on excluded pages, exact or by prefix', () => {
    expect(isExcludedPage('/cart', ['/cart'])).toBe(true);
    expect(isExcludedPage('/cart/', ['/cart'])).toBe(true);
    expect(isExcludedPage('/checkout/payment', ['/checkout*'])).toBe(true);
    expect(isExcludedPage('/cartoon', ['/cart'])).toBe(false);
  });
});

describe('mega menu visibility (desktop and hamburger menus share it)', () => {
  const entries = [
    { heading: 'Clothing', visibility: ['domestic', 'international'] as const },
    { heading: 'Ships worldwide', visibility: ['international'] as const },
    { heading: 'Sale', visibility: ['domestic'] as const },
  ];
  it('a US store shows the domestic entries only', () => {
    expect(forMarket(entries).map((e) => e.heading)).toEqual(['Clothing', 'Sale']);
    expect(forMarket(entries, 'international').map((e) => e.heading)).toEqual(['Clothing', 'Ships worldwide']);
  });
  it('columns and items by device', () => {
    const items = [
      { name: 'a', visibility: ['desktop'] as const },
      { name: 'b', visibility: ['mobile'] as const },
      { name: 'c', visibility: ['desktop', 'mobile'] as const },
    ];
    expect(forDevice(items, 'mobile').map((i) => i.name)).toEqual(['b', 'c']);
    expect(forDevice(items, 'desktop').map((i) => i.name)).toEqual(['a', 'c']);
  });
});

describe('search suggestions: stale replies are ignored (spec §7)', () => {
  it('a reply for an older term is dropped, whichever arrives first', () => {
    const gate = createReplyGate();
    const dre = gate.next();
    const dres = gate.next();
    expect(gate.accept(dre, true)).toBe(false); // the older term's full reply arrives late
    expect(gate.accept(dres, false)).toBe(true);
    expect(gate.accept(dres, true)).toBe(true);
  });
  it("a light reply arriving after its term's full reply does not replace it", () => {
    const gate = createReplyGate();
    const id = gate.next();
    expect(gate.accept(id, true)).toBe(true);
    expect(gate.accept(id, false)).toBe(false);
  });
  it('emptying the box makes every reply in flight stale', () => {
    const gate = createReplyGate();
    const id = gate.next();
    gate.cancel();
    expect(gate.accept(id, false)).toBe(false);
    expect(gate.accept(id, true)).toBe(false);
  });
});

describe('sticky header offsets (spec §9: 115 small screens, 5 desktop)', () => {
  it('sticks only past the offset', () => {
    expect(stickyState(115, 0, true).stuck).toBe(false);
    expect(stickyState(116, 0, true).stuck).toBe(true);
    expect(stickyState(5, 0, false).stuck).toBe(false);
    expect(stickyState(6, 0, false).stuck).toBe(true);
  });
  it('slides away only while stuck and scrolling down', () => {
    expect(stickyState(300, 200, false)).toEqual({ stuck: true, scrollingDown: true });
    expect(stickyState(200, 300, false)).toEqual({ stuck: true, scrollingDown: false });
    expect(stickyState(100, 50, true)).toEqual({ stuck: false, scrollingDown: false });
  });
  it('scrolling down within its own height, the header leaves with the page rather than leaving its place empty', () => {
    // A 44 px promo bar, then a 152 px header: the page starts at 196.
    expect(headerShift(60, true, 196, 152)).toBe('-16px');
    expect(headerShift(30, true, 196, 152)).toBe('0px');
    expect(headerShift(196, true, 196, 152)).toBeNull();
    expect(headerShift(60, false, 196, 152)).toBeNull();
  });
});
