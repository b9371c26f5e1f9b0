import type { Kind } from './catalog-data.ts';

/**
 * Product imagery. The store ships its own small SVG images (committed in public/media by `npm run media`) so that
 * it works offline with no image CDN: one silhouette per kind of garment, filled with the colour, several views.
 */
export const MEDIA_SHAPES: Record<Kind, string> = {
  top: 'M190 140 L250 110 Q300 150 350 110 L410 140 L500 230 L450 290 L410 250 L410 620 L190 620 L190 250 L150 290 L100 230 Z',
  dress: 'M240 110 Q300 150 360 110 L380 140 L360 300 L470 640 L130 640 L240 300 L220 140 Z',
  bra: 'M120 330 Q150 230 220 250 Q280 270 300 340 Q320 270 380 250 Q450 230 480 330 L480 400 L120 400 Z M200 250 L230 140 M400 250 L370 140',
  shoe: 'M110 470 L130 330 Q180 320 230 380 Q300 440 430 450 Q500 460 500 520 L500 550 L110 550 Z',
  trouser: 'M200 110 L400 110 L440 640 L330 640 L300 280 L270 640 L160 640 Z',
  accessory:
    'M150 300 L450 300 L480 640 L120 640 Z M215 300 L215 240 Q215 160 300 160 Q385 160 385 240 L385 300 L355 300 L355 240 Q355 190 300 190 Q245 190 245 240 L245 300 Z',
  giftcard: 'M110 230 L490 230 Q510 230 510 250 L510 500 Q510 520 490 520 L110 520 Q90 520 90 500 L90 250 Q90 230 110 230 Z',
  egiftcard: 'M110 230 L490 230 Q510 230 510 250 L510 500 Q510 520 490 520 L110 520 Q90 520 90 500 L90 250 Q90 230 110 230 Z',
  membership: 'M300 150 L350 290 L500 290 L380 380 L425 530 L300 440 L175 530 L220 380 L100 290 L250 290 Z',
};

export const MEDIA_BACKGROUNDS = ['#f4f1ec', '#ecf0f3', '#f3ecef', '#eef3ec'];

export const MEDIA_VIEWS = 4;

/**
 * Kinds shown by photographs (JPEG, src/server/catalog/media-photo.ts) rather than drawings, so the seeded catalog
 * exercises the image service with real raster images. The other kinds keep their SVG drawings.
 */
export const PHOTO_KINDS: ReadonlySet<Kind> = new Set(['dress']);

export function mediaUrl(kind: Kind, hex: string, view: number): string {
  const ext = PHOTO_KINDS.has(kind) ? 'jpg' : 'svg';
  return `/media/${kind}-${hex.replace('#', '').toLowerCase()}-${view}.${ext}`;
}

/** View 1 front, 2 back (mirrored), 3 detail (zoomed), 4 styled (tinted backdrop). */
export function mediaTransform(view: number): string {
  return view === 2 ? 'translate(600 0) scale(-1 1)' : view === 3 ? 'translate(-300 -280) scale(2)' : 'translate(0 0)';
}

export function videoUrl(): string {
  return '/media/video/runway.webm';
}

/** The SVG for one view: view 1 front, 2 back (mirrored), 3 detail (zoomed), 4 styled (tinted backdrop). */
export function mediaSvg(kind: Kind, hex: string, view: number): string {
  const bg = MEDIA_BACKGROUNDS[(view - 1) % MEDIA_BACKGROUNDS.length];
  const transform = mediaTransform(view);
  const stroke = kind === 'bra' ? ` stroke="${hex}" stroke-width="10"` : ' stroke="#00000022" stroke-width="4"';
  const label =
    kind === 'giftcard' || kind === 'egiftcard'
      ? '<text x="300" y="390" font-family="sans-serif" font-size="44" text-anchor="middle" fill="#fff">GIFT CARD</text>'
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 750" width="600" height="750"><rect width="600" height="750" fill="${bg}"/><g transform="${transform}"><path d="${MEDIA_SHAPES[kind]}" fill="${hex}"${stroke}/>${label}</g></svg>\n`;
}
