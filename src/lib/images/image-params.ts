/**
 * The image service's request parameters (header spec §9 "Image sizing parameters: scale width, height, mode,
 * quality, strip"; checkout spec §9 "Dynamic image sizes: such as tile-md"), with the names the commerce platform's
 * dynamic imaging uses: `sw`, `sh`, `sm`, `q`, `strip`, and `size` for a named size. Pure: the service parses with
 * it, and src/lib/images/image-urls.ts builds URLs the service accepts.
 *
 * Every value is snapped to a small ladder, so the variants one source can have are few and known (a stranger
 * varying sw=301, 302, … gets the same file, and cannot fill the disk cache with near-copies).
 */

export type ScaleMode = 'fit' | 'cut';

export interface ImageParams {
  /** Scale width in px, snapped up to the ladder; undefined: from the height, or the source's own. */
  width?: number;
  height?: number;
  /** fit: the whole image inside width × height; cut: fill width × height, cropping the overflow (centred). */
  mode: ScaleMode;
  quality: number;
  /** Drop metadata (EXIF, ICC beyond sRGB, XMP); strip=false keeps it. */
  strip: boolean;
}

/** Largest width or height the service makes; larger requests are clamped to it. */
export const MAX_IMAGE_DIMENSION = 2000;
/** Quality is rounded to a step of 10 within these bounds (below 40 looks broken, above 90 only costs bytes). */
export const QUALITY_MIN = 40;
export const QUALITY_MAX = 90;
export const DEFAULT_QUALITY = 80;

/**
 * Named sizes (our decision where the spec says only "such as tile-md"): all 4:5, the shape of the store's images.
 * The 2× widths a srcset asks for are on the ladder too.
 */
export const NAMED_IMAGE_SIZES = {
  thumb: { width: 100, height: 125 },
  'tile-sm': { width: 200, height: 250 },
  'tile-md': { width: 300, height: 375 },
  'tile-lg': { width: 400, height: 500 },
  'pdp-md': { width: 600, height: 750 },
  'pdp-lg': { width: 800, height: 1000 },
  zoom: { width: 1200, height: 1500 },
} as const satisfies Record<string, { width: number; height: number }>;
export type NamedImageSize = keyof typeof NAMED_IMAGE_SIZES;

/**
 * Snaps a requested dimension up to the ladder: steps of 25 px to 500, of 50 to 1000, of 100 to the maximum. Every
 * named size's sides and the srcset widths sit on it. 40 values per side in all.
 */
export function snapDimension(px: number): number {
  const capped = Math.min(Math.max(px, 1), MAX_IMAGE_DIMENSION);
  const step = capped <= 500 ? 25 : capped <= 1000 ? 50 : 100;
  return Math.min(Math.ceil(capped / step) * step, MAX_IMAGE_DIMENSION);
}

export function snapQuality(q: number): number {
  return Math.min(QUALITY_MAX, Math.max(QUALITY_MIN, Math.round(q / 10) * 10));
}

const KNOWN = new Set(['sw', 'sh', 'sm', 'q', 'strip', 'size', 'v']);
const WHOLE = /^[0-9]{1,5}$/;

export type Parsed = { ok: true; params: ImageParams; version: string | null } | { ok: false; message: string };

/** Reads a request's query: unknown or malformed parameters are refused with a message (the service answers 400). */
export function parseImageParams(query: URLSearchParams): Parsed {
  for (const key of new Set(query.keys())) {
    if (!KNOWN.has(key)) return { ok: false, message: `Unknown image parameter '${key}'. Use sw, sh, sm, q, strip or size.` };
    if (query.getAll(key).length > 1) return { ok: false, message: `The image parameter '${key}' is given more than once.` };
  }
  const get = (k: string) => query.get(k) ?? undefined;
  const dimension = (k: 'sw' | 'sh'): number | undefined | string => {
    const raw = get(k);
    if (raw === undefined) return undefined;
    if (!WHOLE.test(raw) || Number(raw) < 1)
      return `${k} must be a whole number of pixels from 1 (larger than ${MAX_IMAGE_DIMENSION} is made ${MAX_IMAGE_DIMENSION}).`;
    return snapDimension(Number(raw));
  };

  let width: number | undefined;
  let height: number | undefined;
  const size = get('size');
  if (size !== undefined) {
    if (!Object.hasOwn(NAMED_IMAGE_SIZES, size))
      return { ok: false, message: `Unknown image size '${size}'. Sizes: ${Object.keys(NAMED_IMAGE_SIZES).join(', ')}.` };
    if (query.has('sw') || query.has('sh')) return { ok: false, message: 'size cannot be combined with sw or sh.' };
    ({ width, height } = NAMED_IMAGE_SIZES[size as NamedImageSize]);
  } else {
    const w = dimension('sw');
    const h = dimension('sh');
    if (typeof w === 'string') return { ok: false, message: w };
    if (typeof h === 'string') return { ok: false, message: h };
    width = w;
    height = h;
  }

  const sm = get('sm') ?? 'fit';
  if (sm !== 'fit' && sm !== 'cut') return { ok: false, message: "sm must be 'fit' or 'cut'." };
  if (sm === 'cut' && (width === undefined || height === undefined)) return { ok: false, message: 'sm=cut needs both sw and sh (or a size).' };

  const rawQ = get('q');
  if (rawQ !== undefined && (!WHOLE.test(rawQ) || Number(rawQ) < 1 || Number(rawQ) > 100))
    return { ok: false, message: 'q must be a whole number from 1 to 100.' };
  const quality = snapQuality(rawQ === undefined ? DEFAULT_QUALITY : Number(rawQ));

  const rawStrip = get('strip') ?? 'true';
  if (rawStrip !== 'true' && rawStrip !== 'false') return { ok: false, message: "strip must be 'true' or 'false'." };

  const version = get('v') ?? null;
  if (version !== null && !/^[0-9a-f]{1,32}$/.test(version)) return { ok: false, message: 'v must be the version the store gave (hexadecimal).' };

  return { ok: true, params: { width, height, mode: sm, quality, strip: rawStrip === 'true' }, version };
}

/** One string per distinct output, for the cache key and the ETag: equal params, equal string. */
export function canonicalParams(p: ImageParams): string {
  return `w${p.width ?? '-'}h${p.height ?? '-'}m${p.mode}q${p.quality}s${p.strip ? 1 : 0}`;
}
