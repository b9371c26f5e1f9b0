import { expect, it } from 'vitest';
import { IMAGE_CACHE_ENTRIES } from '#src/lib/constants.ts';
import { ImagePreloader, type Preloadable } from '#src/lib/images/image-preload.ts';
import { galleryImage } from '#src/lib/images/image-urls.ts';

const fakeImage = (): Preloadable => ({ src: '', srcset: '', sizes: '' });

it('keeps at most the spec\'s 30 images (checkout spec §9 "Image cache: 30 entries"), least recently wanted out first', () => {
  expect(IMAGE_CACHE_ENTRIES).toBe(30);
  const made: Preloadable[] = [];
  const preloader = new ImagePreloader(() => {
    const img = fakeImage();
    made.push(img);
    return img;
  });
  const counts: number[] = [];
  preloader.onChange((n) => counts.push(n));
  for (let i = 0; i < 45; i++) {
    preloader.preload(galleryImage(`/media/p-${i}.jpg`));
    if (i === 20) preloader.preload(galleryImage('/media/p-0.jpg')); // wanted again: kept
  }
  expect(preloader.size).toBe(IMAGE_CACHE_ENTRIES);
  expect(Math.max(...counts)).toBe(IMAGE_CACHE_ENTRIES);
  expect(made).toHaveLength(45);
  // Released images have their source cleared; the held ones still load.
  expect(made.filter((m) => m.src !== '')).toHaveLength(IMAGE_CACHE_ENTRIES);
  expect(made[0]?.src).toContain('p-0.jpg');
  expect(made[1]?.src).toBe('');
  // srcset and sizes are set, so the browser fetches the width the gallery will show.
  expect(made[44]).toMatchObject({ srcset: expect.stringContaining('sw=1200 1200w'), sizes: expect.stringContaining('100vw') });
});

it('asks for an image once while it is held', () => {
  let n = 0;
  const preloader = new ImagePreloader(() => {
    n++;
    return fakeImage();
  });
  preloader.preload({ src: '/media/a.svg' });
  preloader.preload({ src: '/media/a.svg' });
  expect(n).toBe(1);
});
