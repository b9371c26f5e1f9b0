// @vitest-environment jsdom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { afterEach, expect, it, vi } from 'vitest';
import { Gallery } from '#src/islands/product/Gallery.tsx';
import type { MediaView } from '#src/lib/commerce-types.ts';
import { IMAGE_CACHE_ENTRIES } from '#src/lib/constants.ts';
import { $previewColor, $selectedColor } from '#src/lib/stores/product.ts';
import '../helpers/jsdom-carousel.ts';

afterEach(() => {
  cleanup();
  cleanStores($selectedColor, $previewColor);
  vi.unstubAllGlobals();
});

// A product with 12 colours of 4 photographs each: 48 images, more than the spec's image cache holds.
const COLOURS = Array.from({ length: 12 }, (_, i) => `c${i}`);
const images: MediaView[] = COLOURS.flatMap((color) =>
  [1, 2, 3, 4].map((n) => ({ url: `/media/dress-${color}-${n}.jpg`, thumbUrl: `/media/dress-${color}-${n}.jpg`, alt: `${color} ${n}`, color })),
);

it("preloads what the shopper may see next, and never holds more than the spec's 30 images however many colours are looked at", async () => {
  const made: HTMLImageElement[] = [];
  vi.stubGlobal(
    'Image',
    class extends window.Image {
      constructor() {
        super();
        made.push(this);
      }
    },
  );
  const { container } = render(<Gallery name="Dress" images={images} videos={[]} initialColor="c0" />);
  const section = container.querySelector('section.gallery')!;
  await act(async () => {});
  // A shopper who only reads the page is sent the first photograph alone.
  expect(section.hasAttribute('data-preloaded')).toBe(false);
  expect(made).toEqual([]);
  // Reaching for the gallery starts the preload.
  await act(async () => void fireEvent.pointerEnter(section));
  // The colour's other slides and each colour's first image, through the image service at the gallery's widths.
  expect(Number(section.getAttribute('data-preloaded'))).toBe(4 + 11);
  expect(made[1]?.srcset).toMatch(/^\/img\/dress-c0-2\.jpg\?sw=400 400w, .* 1200w$/);
  expect(made.slice(4).map((img) => img.getAttribute('src'))).toEqual(COLOURS.slice(1).map((c) => `/img/dress-${c}-1.jpg?size=pdp-md`));

  for (const color of COLOURS) {
    await act(async () => $previewColor.set(color));
    const held = Number(section.getAttribute('data-preloaded'));
    expect(held).toBeLessThanOrEqual(IMAGE_CACHE_ENTRIES);
    expect(made.filter((img) => img.getAttribute('src')).length).toBeLessThanOrEqual(IMAGE_CACHE_ENTRIES);
  }
  // Every colour's four slides were wanted (48 images), so the cap was reached and the oldest were let go.
  expect(Number(section.getAttribute('data-preloaded'))).toBe(IMAGE_CACHE_ENTRIES);
  expect(made.length).toBeGreaterThan(IMAGE_CACHE_ENTRIES);
});

it('looking at another colour in the purchase area starts the preload too', async () => {
  const made: HTMLImageElement[] = [];
  vi.stubGlobal(
    'Image',
    class extends window.Image {
      constructor() {
        super();
        made.push(this);
      }
    },
  );
  // Photographs of its own: the page's one preloader may still hold the test above's.
  const skirts = images.map((m) => ({ ...m, url: m.url.replace('dress', 'skirt'), thumbUrl: m.thumbUrl.replace('dress', 'skirt') }));
  $previewColor.set(undefined);
  render(<Gallery name="Skirt" images={skirts} videos={[]} initialColor="c0" />);
  await act(async () => {});
  expect(made).toEqual([]);
  await act(async () => $previewColor.set('c3'));
  // The looked-at colour's four slides, then the first image of each colour.
  expect(made.map((img) => img.getAttribute('src'))).toEqual([
    ...[1, 2, 3, 4].map((n) => `/img/skirt-c3-${n}.jpg?size=pdp-md`),
    ...COLOURS.filter((c) => c !== 'c3').map((c) => `/img/skirt-${c}-1.jpg?size=pdp-md`),
  ]);
});
