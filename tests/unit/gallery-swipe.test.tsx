// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { afterEach, expect, it } from 'vitest';
import { Gallery } from '#src/islands/product/Gallery.tsx';
import type { MediaView } from '#src/lib/commerce-types.ts';
import { $previewColor, $selectedColor } from '#src/lib/stores/product.ts';
import '../helpers/jsdom-carousel.ts';

const image = (n: number): MediaView => ({ url: `/media/blk-${n}.svg`, thumbUrl: `/media/blk-${n}-t.svg`, alt: `view ${n}`, color: 'blk' });

afterEach(() => {
  cleanup();
  cleanStores($selectedColor, $previewColor);
});

const touch = (x: number) => [{ clientX: x, clientY: 300 }];

// The swipe library loads when the shopper first touches the gallery: the swipe that touch starts is read by the
// gallery itself, so it is not lost while the library arrives.
it('a swipe made before the swipe library has loaded moves to the next slide, and a short move does not', async () => {
  const { container } = render(<Gallery name="Tee" images={[image(1), image(2), image(3)]} videos={[]} initialColor="blk" />);
  const stage = container.querySelector('.embla')!;
  const dot = (n: number) => screen.getByRole('tab', { name: `Image ${n}` });
  expect(dot(1)).toHaveProperty('ariaSelected', 'true');

  act(() => {
    fireEvent.touchStart(stage, { touches: touch(300) });
    fireEvent.touchEnd(stage, { changedTouches: touch(290) });
  });
  expect(dot(1)).toHaveProperty('ariaSelected', 'true');

  act(() => {
    fireEvent.touchStart(stage, { touches: touch(300) });
    fireEvent.touchEnd(stage, { changedTouches: touch(200) });
  });
  expect(dot(2)).toHaveProperty('ariaSelected', 'true');
  expect(dot(1)).toHaveProperty('ariaSelected', 'false');
});
