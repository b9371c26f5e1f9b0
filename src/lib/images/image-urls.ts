/**
 * URLs of the image service (src/server/images/image-service.ts) for the store's own media, and the srcset and
 * sizes of tiles, the gallery and the zoom. Isomorphic: pages and islands build the same URLs.
 *
 * `/media/a/b.jpg` is served by the service as `/img/a/b.jpg?sw=…&v=<stamp>`. The stamp is a hash of every file
 * under public/media made at build time (src/integrations/image-service.ts), so a URL names one content: the service answers it as
 * immutable, and a changed photograph gets new URLs. Only photographs (JPEG, PNG) get a srcset: the drawings are
 * SVG, already sharp at every width and smaller than any raster copy of them.
 */
import { PHONE_MEDIA } from '../breakpoints.ts';
import type { ImageParams, NamedImageSize } from './image-params.ts';

declare const __MEDIA_STAMP__: string | undefined;
/** The build's media stamp; '' outside a build (unit tests), where URLs carry no version. */
export const MEDIA_STAMP: string = typeof __MEDIA_STAMP__ === 'string' ? __MEDIA_STAMP__ : '';

export const IMAGE_PREFIX = '/img/';
const MEDIA_PREFIX = '/media/';

/**
 * Widths offered in each srcset: all on the service's ladder (image-params.ts snapDimension) and none wider than the
 * store's photographs (1200 × 1500), so each `w` descriptor is the width the browser gets.
 */
export const TILE_WIDTHS = [200, 300, 400, 600] as const;
export const GALLERY_WIDTHS = [400, 600, 800, 1000, 1200] as const;
export const ZOOM_WIDTHS = [800, 1200] as const;
export const THUMB_WIDTHS = [100, 200] as const;

/** What each image is drawn at (src/styles/global.css): tiles in 2 columns on phones, 180-260 px beyond; the
 * gallery is the page's width less main's 16 px padding each side on phones (PHONE_MEDIA), and beyond 3/5 of that less the
 * 24 px gap to the details (686 px on the 1200 px page); the zoom fills the window. The gallery's is exact, not
 * rounded up: its photograph is the product page's largest paint, and the browser picks from srcset by these
 * widths (Lighthouse's phone, 412 px at 1.75x, then takes the 600 px copy, not the 800). */
export const TILE_SIZES = '(max-width: 575px) 50vw, (max-width: 1023px) 33vw, 260px';
export const GALLERY_SIZES = `${PHONE_MEDIA} calc(100vw - 32px), (max-width: 1200px) calc(60vw - 34px), 687px`;
export const ZOOM_SIZES = '100vw';
export const THUMB_SIZES = '96px';

/** Whether the service makes sizes of this URL: a photograph of our own media. */
export function isResizable(src: string): boolean {
  return src.startsWith(MEDIA_PREFIX) && /\.(jpe?g|png)$/i.test(src) && !src.includes('..');
}

/** The service's URL for `src` at these parameters (or a named size); `src` itself when it is not resizable. */
export function imageUrl(src: string, params: Partial<Omit<ImageParams, 'strip'>> | NamedImageSize): string {
  if (!isResizable(src)) return src;
  const query = new URLSearchParams();
  if (typeof params === 'string') query.set('size', params);
  else {
    if (params.width) query.set('sw', String(params.width));
    if (params.height) query.set('sh', String(params.height));
    if (params.mode && params.mode !== 'fit') query.set('sm', params.mode);
    if (params.quality) query.set('q', String(params.quality));
  }
  if (MEDIA_STAMP) query.set('v', MEDIA_STAMP);
  return `${IMAGE_PREFIX}${src.slice(MEDIA_PREFIX.length)}?${query}`;
}

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** src, srcset and sizes for an image shown at `sizes`, offered at `widths` (the height follows the photograph). */
export function responsiveImage(src: string, widths: readonly number[], sizes: string, fallback: NamedImageSize): ResponsiveImage {
  if (!isResizable(src)) return { src };
  const srcSet = widths.map((w) => `${imageUrl(src, { width: w })} ${w}w`).join(', ');
  return { src: imageUrl(src, fallback), srcSet, sizes };
}

export const tileImage = (src: string) => responsiveImage(src, TILE_WIDTHS, TILE_SIZES, 'tile-md');
export const galleryImage = (src: string) => responsiveImage(src, GALLERY_WIDTHS, GALLERY_SIZES, 'pdp-md');
export const zoomImage = (src: string) => responsiveImage(src, ZOOM_WIDTHS, ZOOM_SIZES, 'zoom');
export const thumbImage = (src: string) => responsiveImage(src, THUMB_WIDTHS, THUMB_SIZES, 'thumb');
