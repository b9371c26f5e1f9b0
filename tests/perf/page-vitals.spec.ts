import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, type Page, type Request, test } from '@playwright/test';
import { hydrated, hydratedUntouched } from '../e2e/hydration.ts';
import { EVERY_PAGE, MOBILE_THROTTLING, PAGE_BUDGETS, PHONE, type PageBudget } from './budgets.ts';

/**
 * Home, a product page, the bag and the checkout on a phone with Lighthouse's mobile throttling (tests/perf/budgets.ts):
 * Core Web Vitals read in the page by the web-vitals library, long tasks by a PerformanceObserver, and every response
 * until the network is idle counted as sent, with gzip asked for. Bytes, layout shift and long tasks fail the run;
 * the paint and interaction timings are printed beside their budget.
 */

// web-vitals' IIFE build, run before the page's own scripts (its `webVitals` is put on the window for observe()).
const webVitalsScript = readFileSync(join(dirname(createRequire(import.meta.url).resolve('web-vitals')), 'web-vitals.iife.js'), 'utf8');

interface Measured {
  lcp?: number;
  cls: number;
  inp?: number;
  longTasks: number[];
}

declare global {
  interface Window {
    webVitals: typeof import('web-vitals');
    __measured: Measured;
  }
}

function observe(): void {
  const measured: Measured = { cls: 0, longTasks: [] };
  window.__measured = measured;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) measured.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  window.webVitals.onLCP((m) => (measured.lcp = m.value), { reportAllChanges: true });
  window.webVitals.onCLS((m) => (measured.cls = m.value), { reportAllChanges: true });
  window.webVitals.onINP((m) => (measured.inp = m.value), { reportAllChanges: true, durationThreshold: 0 });
}

test.use({ ...PHONE });

test.beforeEach(async ({ page, context }) => {
  // gzip, as the budgets count it (a browser asking for brotli too gets a little less).
  await context.setExtraHTTPHeaders({ 'accept-encoding': 'gzip' });
  await page.addInitScript({ content: `${webVitalsScript}\n;window.webVitals = webVitals;\n(${observe.toString()})();` });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE_THROTTLING.latencyMs,
    downloadThroughput: MOBILE_THROTTLING.downloadBytesPerSecond,
    uploadThroughput: MOBILE_THROTTLING.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_THROTTLING.cpuSlowdown });
});

const addToBag = async (page: Page) => {
  const res = await page.request.post('/api/checkout/product/add_to_cart', { data: { productId: 'jl-4001-cor-4', quantity: 1 } });
  expect(res.status()).toBe(200);
};

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Loads the page, counts what it transfers until the network is idle, then taps `tap`, and holds it to its budget. */
async function measure(page: Page, path: string, budget: PageBudget, tap: (page: Page) => Promise<void>): Promise<void> {
  const sent: { url: string; type: string; sizes: ReturnType<Request['sizes']> }[] = [];
  page.on('requestfinished', (request) => sent.push({ url: request.url(), type: request.resourceType(), sizes: request.sizes() }));
  await page.goto(path, { waitUntil: 'networkidle' });
  await hydratedUntouched(page);
  // What the page loads by itself, before the shopper touches it: what the first touch and a tap ask for is loaded
  // when reached for, and not counted.
  const loaded = [...sent];
  await hydrated(page);
  await tap(page);
  await page.waitForLoadState('networkidle');
  // Bodies as sent (encoded); the transfer counts each response's headers too, as Lighthouse's transfer size does.
  const files = await Promise.all(
    loaded.map(async (f) => {
      const sizes = await f.sizes;
      return { ...f, body: sizes.responseBodySize, bytes: sizes.responseBodySize + sizes.responseHeadersSize };
    }),
  );
  const js = files.filter((f) => f.type === 'script').reduce((n, f) => n + f.body, 0);
  const transfer = files.reduce((n, f) => n + f.bytes, 0);
  // A hidden page ends the LCP and reports the final CLS and INP.
  const vitals = await page.evaluate(async () => {
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return window.__measured;
  });
  const longest = Math.max(0, ...vitals.longTasks);
  const ms = (v: number | undefined) => (v === undefined ? 'none' : `${Math.round(v)} ms`);
  const report = [
    `${path}`,
    `  JavaScript ${kib(js)} (budget ${kib(budget.jsBytes)}), transfer ${kib(transfer)} (budget ${kib(budget.transferBytes)}), ${files.length} requests`,
    `  by kind: ${[...new Set(files.map((f) => f.type))].map((t) => `${t} ${kib(files.filter((f) => f.type === t).reduce((n, f) => n + f.bytes, 0))}`).join(', ')}`,
    `  LCP ${ms(vitals.lcp)} (budget ${budget.lcpMs} ms), INP ${ms(vitals.inp)} (budget ${EVERY_PAGE.inpMs} ms)`,
    `  CLS ${vitals.cls.toFixed(3)} (budget ${EVERY_PAGE.cls}), longest task ${ms(longest)} (budget ${EVERY_PAGE.longTaskMs} ms)`,
    '  each response, largest first (body and headers, bytes):',
    ...[...files].sort((a, b) => b.bytes - a.bytes).map((f) => `    ${f.body}\t${f.bytes - f.body}\t${f.type}\t${new URL(f.url).pathname}`),
  ].join('\n');
  console.log(report);
  await test.info().attach('figures', { body: report, contentType: 'text/plain' });
  const scripts = files.filter((f) => f.type === 'script').map((f) => `${f.body}\t${new URL(f.url).pathname}`);
  expect.soft(js, `JavaScript as sent, gzip:\n${scripts.join('\n')}`).toBeLessThanOrEqual(budget.jsBytes);
  expect.soft(transfer, 'bytes transferred until the network is idle').toBeLessThanOrEqual(budget.transferBytes);
  expect.soft(vitals.cls, 'cumulative layout shift').toBeLessThanOrEqual(EVERY_PAGE.cls);
  expect.soft(longest, 'the longest main-thread task, ms').toBeLessThanOrEqual(EVERY_PAGE.longTaskMs);
}

test('home', async ({ page }) => {
  await measure(page, '/', PAGE_BUDGETS.home, async (p) => {
    await p.getByRole('button', { name: 'Menu' }).click();
  });
});

test('a product page with a photograph', async ({ page }) => {
  await measure(page, '/p/wrap-midi-dress-jl-4001/', PAGE_BUDGETS.product, async (p) => {
    await p.getByRole('button', { name: 'Size Guide' }).click();
  });
});

test('the bag with a line', async ({ page }) => {
  await addToBag(page);
  await measure(page, '/cart/', PAGE_BUDGETS.bag, async (p) => {
    await p.getByLabel('Enter a promo code').click();
  });
});

test('the checkout with a bag', async ({ page }) => {
  await addToBag(page);
  await measure(page, '/checkout', PAGE_BUDGETS.checkout, async (p) => {
    await p.getByLabel('Email').first().click();
  });
});
