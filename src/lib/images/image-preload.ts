/**
 * The product gallery's preloading: the images a shopper is likely to see next (the other slides of the colour,
 * the first image of each other colour) are fetched ahead, and kept in the browser's image cache by holding their
 * Image objects. At most IMAGE_CACHE_ENTRIES (the spec's 30) are held, least recently wanted out first: a released
 * image's source is cleared, so the browser may drop its decoded copy.
 */
import { IMAGE_CACHE_ENTRIES } from '../constants.ts';
import type { ResponsiveImage } from './image-urls.ts';

export interface Preloadable {
  src: string;
  srcset: string;
  sizes: string;
}

export class ImagePreloader<T extends Preloadable = HTMLImageElement> {
  readonly #held = new Map<string, T>();
  readonly #listeners = new Set<(count: number) => void>();

  readonly #make: () => T;
  readonly capacity: number;

  constructor(make: () => T, capacity = IMAGE_CACHE_ENTRIES) {
    this.#make = make;
    this.capacity = capacity;
  }

  /** Preloads `image` (the URL the browser would choose among its srcset), or marks it wanted again. */
  preload(image: ResponsiveImage): void {
    const key = image.srcSet ?? image.src;
    const had = this.#held.get(key);
    if (had) {
      this.#held.delete(key);
      this.#held.set(key, had);
      return;
    }
    const img = this.#make();
    // sizes and srcset before src: the browser picks its candidate once, not the fallback first.
    if (image.sizes) img.sizes = image.sizes;
    if (image.srcSet) img.srcset = image.srcSet;
    img.src = image.src;
    this.#held.set(key, img);
    while (this.#held.size > this.capacity) {
      const [oldest, old] = this.#held.entries().next().value as [string, T];
      old.srcset = '';
      old.src = '';
      this.#held.delete(oldest);
    }
    for (const listener of this.#listeners) listener(this.#held.size);
  }

  get size(): number {
    return this.#held.size;
  }

  /** Calls `listener` with the count held after each change; returns the unsubscribe. */
  onChange(listener: (count: number) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }
}

let shared: ImagePreloader | undefined;
/** The page's one preloader (browser only). */
export const galleryPreloader = (): ImagePreloader => (shared ??= new ImagePreloader(() => new Image()));
