/**
 * The store's performance budgets, one place for all of them: what `npm run test:perf` (tests/perf/) holds each page
 * to on a phone with Lighthouse's mobile throttling. Sizes and layout shift are deterministic and fail the run; the
 * timings move with the machine's load and are reported beside their budget.
 */

/** Lighthouse's mobile preset as DevTools applies it: a slow 4G connection and a CPU four times slower. */
export const MOBILE_THROTTLING = {
  /** Round trip added to every request, ms (Lighthouse's 150 ms RTT × 3.75, its DevTools request latency). */
  latencyMs: 562.5,
  /** 1.6 Mbit/s down and 750 kbit/s up, × 0.9 as Lighthouse applies them, in bytes a second. */
  downloadBytesPerSecond: (1638.4 * 1024 * 0.9) / 8,
  uploadBytesPerSecond: (750 * 1024 * 0.9) / 8,
  cpuSlowdown: 4,
} as const;

/** Lighthouse's mobile screen: a 412 × 823 phone at 1.75 device pixels per CSS pixel. */
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } as const;

export interface PageBudget {
  /** JavaScript the page loads before the network is idle, gzip as sent, bytes (KiB × 1024). */
  jsBytes: number;
  /** Everything the page transfers before the network is idle (HTML, styles, scripts, fonts, images, data), bytes. */
  transferBytes: number;
  /** Largest contentful paint under the throttling above, ms: reported. */
  lcpMs: number;
}

export const PAGE_BUDGETS = {
  home: { jsBytes: 30 * 1024, transferBytes: 60 * 1024, lcpMs: 2500 },
  // Before the first touch, which loads React, the gallery and the purchase area (src/islands/page/first-touch.ts).
  product: { jsBytes: 30 * 1024, transferBytes: 120 * 1024, lcpMs: 2500 },
  bag: { jsBytes: 110 * 1024, transferBytes: 170 * 1024, lcpMs: 2500 },
  checkout: { jsBytes: 100 * 1024, transferBytes: 145 * 1024, lcpMs: 2500 },
} as const satisfies Record<string, PageBudget>;

/** Held on every page. */
export const EVERY_PAGE = {
  /** Cumulative layout shift over the load and one interaction (web-vitals' CLS). */
  cls: 0.1,
  /** No task on the main thread longer than this while the page loads, under the CPU slowdown, ms. */
  longTaskMs: 200,
  /** Interaction to next paint of one tap, ms: reported. */
  inpMs: 200,
} as const;
