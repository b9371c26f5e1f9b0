// jsdom has no layout: the carousel library asks for media queries and observers, which answer "nothing matches".
// Imported for its effect by the gallery's jsdom tests.
class NoObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.matchMedia ??= (media: string) =>
  ({
    matches: false,
    media,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
globalThis.ResizeObserver ??= NoObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoObserver as unknown as typeof IntersectionObserver;
