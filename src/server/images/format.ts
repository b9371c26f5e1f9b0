/**
 * The format an image goes out in, chosen by the request's Accept header (the reply says `Vary: Accept`): AVIF when
 * the browser names it, else WebP when it names that, else the source's own kind (JPEG for a photograph, PNG for a
 * drawing or a PNG, which may be transparent). A wildcard (image/*, *\/*) does not count as naming a format: old
 * browsers send those and cannot show AVIF or WebP.
 */
export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

export const EXTENSIONS: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };

/** The q-value the Accept header gives exactly this media type (0 when it is absent or refused). */
function explicitQ(accept: string, type: string): number {
  let q = 0;
  for (const part of accept.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name !== type) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q = Math.max(q, Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0);
  }
  return q;
}

export function fallbackFormat(sourceName: string): ImageFormat {
  return /\.jpe?g$/i.test(sourceName) ? 'jpeg' : 'png';
}

export function chooseImageFormat(accept: string | undefined, sourceName: string): ImageFormat {
  const header = accept ?? '';
  const avif = explicitQ(header, 'image/avif');
  const webp = explicitQ(header, 'image/webp');
  if (avif > 0 && avif >= webp) return 'avif';
  if (webp > 0) return 'webp';
  return fallbackFormat(sourceName);
}
