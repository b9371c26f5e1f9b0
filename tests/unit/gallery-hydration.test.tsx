// @vitest-environment jsdom
import { act, cleanup, fireEvent } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { Gallery } from '#src/islands/product/Gallery.tsx';
import type { MediaView } from '#src/lib/commerce-types.ts';
import { $previewColor, $selectedColor } from '#src/lib/stores/product.ts';
import '../helpers/jsdom-carousel.ts';

const image = (color: string, n: number): MediaView => ({
  url: `/media/${color}-${n}.svg`,
  thumbUrl: `/media/${color}-${n}-t.svg`,
  alt: `${color} view ${n}`,
  color,
});
const props = { name: 'Tee', images: [image('blk', 1), image('blk', 2), image('nvy', 1), image('nvy', 2)], videos: [], initialColor: 'blk' };

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  cleanup();
  cleanStores($selectedColor, $previewColor);
});

// The gallery hydrates when the browser is idle, after the purchase area: on a phone a shopper can tap a colour
// first. Hydration must still match the built HTML (a mismatch is React error #418 and a console error, which fails
// this test), and the chosen colour shows right after.
it('hydrates over the built HTML when a colour was chosen before it woke, then shows that colour', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Gallery {...props} />);
  document.body.append(container);
  expect(container.querySelector('img')?.getAttribute('src')).toContain('blk-1');

  $selectedColor.set('nvy');
  $previewColor.set('nvy');
  await act(async () => {
    root = hydrateRoot(container, <Gallery {...props} />);
  });
  expect(container.querySelector('img')?.getAttribute('src')).toContain('nvy-1');
});

// The first slide's photograph is the page's largest paint: the built HTML names only it, so the other slides (which
// the browser would load at once, lazy or not, being beside it) do not share the network with it. They come once
// the gallery is awake (after that paint, client:painted) and the shopper reaches for it: a shopper who only reads
// the page is not sent photographs they never look at.
it("names only the first slide's image in the built HTML, and the others once it has woken and is reached for", async () => {
  $selectedColor.set(undefined);
  $previewColor.set(undefined);
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Gallery {...props} />);
  document.body.append(container);
  const slides = () => [...container.querySelectorAll('.embla-slide img')].map((img) => img.getAttribute('src'));
  expect(slides()).toEqual([expect.stringContaining('blk-1'), null]);

  await act(async () => {
    root = hydrateRoot(container, <Gallery {...props} />);
  });
  expect(slides()).toEqual([expect.stringContaining('blk-1'), null]);
  await act(async () => void fireEvent.pointerEnter(container.querySelector('section.gallery')!));
  expect(slides()).toEqual([expect.stringContaining('blk-1'), expect.stringContaining('blk-2')]);
});
