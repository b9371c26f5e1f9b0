// Makes one variant of a source image with sharp (libvips). sharp does its work on libuv's thread pool, never on the
// event loop; at most MAX_PARALLEL variants are made at once so a burst of new sizes cannot take every pool thread
// (file reads and compression use them too) or both cores.
import type { Sharp, SharpOptions } from 'sharp';
import type { ImageParams } from '#src/lib/images/image-params.ts';
import type { ImageFormat } from './format.ts';
import { SharedPromise } from '../shared-promise.ts';

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp;
const loaded = new SharedPromise<SharpFactory>();
/**
 * sharp (and libvips) load on the first variant made, not at start-up: a server that makes none never pays for them.
 * A failed load is tried again at the next variant.
 */
function loadSharp(): Promise<SharpFactory> {
  return loaded.once(() =>
    import('sharp').then(({ default: sharp }) => {
      // One libvips thread per image, and no operation cache: variants are kept on disk, not in memory.
      sharp.concurrency(1);
      sharp.cache(false);
      return sharp;
    }),
  );
}

const MAX_PARALLEL = 2;
/** Sources larger than this many pixels are refused (a decompression bomb), as sharp's default does. */
const MAX_INPUT_PIXELS = 40_000_000;
/** An SVG is drawn at most this many times its own size (a 600 px drawing up to 2400 px). */
const MAX_SVG_SCALE = 4;

let running = 0;
const waiting: (() => void)[] = [];
async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** AVIF looks as good as JPEG at a lower number (AVIF 55 is close to JPEG 80), so its quality is scaled. */
export const avifQuality = (q: number) => Math.round(q * 0.7);

export async function makeVariant(source: Buffer, isSvg: boolean, params: ImageParams, format: ImageFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  return slot(async () => {
    let density: number | undefined;
    if (isSvg) {
      // Drawn at a density that gives at least the requested size, so the drawing is sharp, not enlarged.
      const meta = await sharp(source).metadata();
      const scale = Math.max((params.width ?? 0) / (meta.width || 1), (params.height ?? 0) / (meta.height || 1), 1);
      density = 72 * Math.min(Math.ceil(scale), MAX_SVG_SCALE);
    }
    let image = sharp(source, { density, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    if (params.width || params.height) {
      image = image.resize({
        width: params.width,
        height: params.height,
        fit: params.mode === 'cut' ? 'cover' : 'inside',
        withoutEnlargement: true,
      });
    }
    if (!params.strip) image = image.keepMetadata();
    switch (format) {
      case 'avif':
        image = image.avif({ quality: avifQuality(params.quality), effort: 2 });
        break;
      case 'webp':
        image = image.webp({ quality: params.quality, effort: 4 });
        break;
      case 'jpeg':
        image = image.flatten({ background: '#ffffff' }).jpeg({ quality: params.quality, mozjpeg: true });
        break;
      case 'png':
        image = image.png({ compressionLevel: 8 });
        break;
    }
    return image.toBuffer();
  });
}
