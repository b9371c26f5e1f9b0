// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { firstTouch, holdUntilReady, INTENT_EVENTS } from '#src/islands/page/first-touch.ts';

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('the first touch of a page', () => {
  for (const type of INTENT_EVENTS) {
    it(`comes with the first ${type}, on whatever element it happens`, async () => {
      const win = new EventTarget() as unknown as Window;
      const touched = firstTouch(win);
      expect(await settled(touched)).toBe(false);
      win.dispatchEvent(new Event(type));
      expect(await settled(touched)).toBe(true);
      // One promise a window, however many islands wait for it.
      expect(firstTouch(win)).toBe(touched);
    });
  }

  it('waits while nothing happens, and leaves no listener once it has come', async () => {
    const win = new EventTarget() as unknown as Window;
    const remove = vi.spyOn(win, 'removeEventListener');
    const touched = firstTouch(win);
    win.dispatchEvent(new Event('load'));
    expect(await settled(touched)).toBe(false);
    win.dispatchEvent(new Event('keydown'));
    await touched;
    expect(remove).toHaveBeenCalledTimes(INTENT_EVENTS.length);
  });
});

describe('what a shopper does before an island is ready', () => {
  let island: HTMLElement;
  const seen: string[] = [];
  beforeEach(() => {
    seen.length = 0;
    document.body.innerHTML = `
      <div id="island">
        <button id="navy" type="button">Navy</button>
        <button id="m" type="button"><svg id="icon"></svg>M</button>
        <a id="guide" href="#size-guide">Size guide</a>
        <select id="qty"><option value="1" selected>1</option><option value="2">2</option></select>
      </div>`;
    island = document.getElementById('island')!;
  });
  // What the island does once ready: it sees the events on its own elements (React listens on its root).
  const listen = () => {
    island.addEventListener('click', (e) => seen.push(`click ${(e.target as Element).id}`));
    island.addEventListener('change', (e) => seen.push(`change ${(e.target as HTMLSelectElement).value}`));
  };

  it('is held until the island is ready, then given to it in order, a repeated tap once', () => {
    const first = vi.fn();
    const release = holdUntilReady(island, first);
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('navy')!.dispatchEvent(tap);
    // Nothing the page's HTML would do with it happens meanwhile, and the island says it is busy.
    expect(tap.defaultPrevented).toBe(true);
    expect(island.getAttribute('aria-busy')).toBe('true');
    document.getElementById('icon')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.getElementById('icon')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const qty = document.getElementById('qty') as HTMLSelectElement;
    qty.value = '2';
    qty.dispatchEvent(new Event('change', { bubbles: true }));
    expect(first).toHaveBeenCalled();
    listen();
    expect(seen).toEqual([]);
    // Hydration set the select back to what the server rendered.
    qty.value = '1';
    release();
    expect(seen).toEqual(['click navy', 'click icon', 'change 2']);
    expect(qty.value).toBe('2');
    expect(island.hasAttribute('aria-busy')).toBe(false);
  });

  it('lets a link be followed at once, and holds nothing once the island is ready', () => {
    const release = holdUntilReady(island, () => {});
    listen();
    const guide = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('guide')!.dispatchEvent(guide);
    expect(guide.defaultPrevented).toBe(false);
    expect(seen).toEqual(['click guide']);
    release();
    document.getElementById('navy')!.click();
    expect(seen).toEqual(['click guide', 'click navy']);
  });

  it('a tap held is not sent anywhere once its element has gone', () => {
    const release = holdUntilReady(island, () => {});
    document.getElementById('navy')!.click();
    listen();
    document.getElementById('navy')!.remove();
    release();
    expect(seen).toEqual([]);
  });
});
