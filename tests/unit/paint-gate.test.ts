// @vitest-environment jsdom
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { PAINT_GATE_TIMEOUT_MS, whenLargestPaintShown } from '#src/islands/page/paint-gate.ts';

/** A stand-in for the browser's largest-contentful-paint observer: the test says which paints were shown. */
class PaintObserver {
  static supportedEntryTypes = ['largest-contentful-paint'];
  static current: PaintObserver | undefined;
  disconnected = false;
  private readonly report: (list: { getEntries: () => { url: string }[] }) => void;
  constructor(report: (list: { getEntries: () => { url: string }[] }) => void) {
    this.report = report;
    PaintObserver.current = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  shown(...urls: string[]) {
    this.report({ getEntries: () => urls.map((url) => ({ url })) });
  }
}

const gateWindow = (withPaintEntries = true) => ({
  document,
  setTimeout: window.setTimeout.bind(window),
  clearTimeout: window.clearTimeout.bind(window),
  requestAnimationFrame: (run: FrameRequestCallback) => window.setTimeout(() => run(0), 0),
  PerformanceObserver: withPaintEntries ? (PaintObserver as unknown as typeof PerformanceObserver) : undefined,
});

/** The product page's head preloads its photograph; its gallery's first image is marked fetchpriority=high. */
function productPage() {
  document.head.innerHTML = '<link rel="preload" as="image" imagesrcset="/img/a.jpg?sw=800 800w">';
  document.body.innerHTML = '<img fetchpriority="high" alt="view 1"><p>Wrap Midi Dress</p>';
  return document.querySelector('img')!;
}

let opened: boolean;
const watch = (gate: Promise<void>) => void gate.then(() => (opened = true));
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  opened = false;
  PaintObserver.current = undefined;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

it('on a page that preloads its photograph, opens when the photograph is shown, not when the text painted before it is', async () => {
  productPage();
  watch(whenLargestPaintShown(gateWindow()));
  PaintObserver.current!.shown(''); // the name and promo bar, before the photograph arrived
  await settle();
  expect(opened).toBe(false);
  PaintObserver.current!.shown('http://store.test/img/a.jpg?sw=800');
  await settle();
  expect(opened).toBe(true);
  expect(PaintObserver.current!.disconnected).toBe(true);
});

it('on a page without a photograph to wait for, opens on the frame after its whole document is parsed, not at the paint of its top', async () => {
  const parsing = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
  document.body.innerHTML = '<h1>Your bag</h1>';
  watch(whenLargestPaintShown(gateWindow()));
  // The title is painted while the bag's lines are still arriving.
  PaintObserver.current?.shown('');
  await settle();
  expect(opened).toBe(false);
  document.body.insertAdjacentHTML('beforeend', '<ul><li>Wrap Midi Dress</li></ul><label>Standard Delivery — Free</label>');
  parsing.mockReturnValue('interactive');
  document.dispatchEvent(new Event('DOMContentLoaded'));
  await vi.advanceTimersByTimeAsync(1); // the frame, and the task after its paint
  expect(opened).toBe(true);

  // A page already parsed opens after the next frame.
  opened = false;
  watch(whenLargestPaintShown(gateWindow(false)));
  expect(opened).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(opened).toBe(true);
});

it('opens when the photograph fails to load, and at the latest after the timeout', async () => {
  const hero = productPage();
  watch(whenLargestPaintShown(gateWindow()));
  hero.dispatchEvent(new Event('error'));
  await settle();
  expect(opened).toBe(true);

  opened = false;
  productPage();
  watch(whenLargestPaintShown(gateWindow()));
  await vi.advanceTimersByTimeAsync(PAINT_GATE_TIMEOUT_MS - 1);
  expect(opened).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(opened).toBe(true);
});

it('opens at once on a hidden page (a hidden page is not painted), and when the page is hidden while it waits', async () => {
  productPage();
  const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  watch(whenLargestPaintShown(gateWindow()));
  await settle();
  expect(opened).toBe(true);

  opened = false;
  visibility.mockReturnValue('visible');
  watch(whenLargestPaintShown(gateWindow()));
  await settle();
  expect(opened).toBe(false);
  visibility.mockReturnValue('hidden');
  document.dispatchEvent(new Event('visibilitychange'));
  await settle();
  expect(opened).toBe(true);
});

it('without the paint entry (Safari), opens on the frame after the photograph has loaded', async () => {
  // The directive's gate starts before the parser reaches the gallery's image.
  const hero = productPage();
  hero.remove();
  watch(whenLargestPaintShown(gateWindow(false)));
  document.body.prepend(hero);
  await settle();
  expect(opened).toBe(false);
  hero.dispatchEvent(new Event('load'));
  await settle();
  expect(opened).toBe(true);
});

it('touched before the photograph was shown (the browser reports no paint after that), opens on the frame after it loads', async () => {
  const hero = productPage();
  // Still arriving.
  Object.defineProperty(hero, 'complete', { value: false, configurable: true });
  watch(whenLargestPaintShown(gateWindow()));
  document.dispatchEvent(new Event('scroll'));
  await settle();
  expect(opened).toBe(false);
  hero.dispatchEvent(new Event('load'));
  await vi.advanceTimersByTimeAsync(1);
  expect(opened).toBe(true);
});
