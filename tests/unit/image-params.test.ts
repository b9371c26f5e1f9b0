import { describe, expect, it } from 'vitest';
import {
  canonicalParams,
  MAX_IMAGE_DIMENSION,
  NAMED_IMAGE_SIZES,
  parseImageParams,
  snapDimension,
  snapQuality,
} from '#src/lib/images/image-params.ts';
import { GALLERY_WIDTHS, imageUrl, isResizable, THUMB_WIDTHS, TILE_WIDTHS, tileImage, ZOOM_WIDTHS } from '#src/lib/images/image-urls.ts';

const parse = (query: string) => parseImageParams(new URLSearchParams(query));
const ok = (query: string) => {
  const parsed = parse(query);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.params;
};
const refused = (query: string) => {
  const parsed = parse(query);
  return parsed.ok ? null : parsed.message;
};

describe('image sizing parameters (header spec §9: scale width, height, mode, quality, strip)', () => {
  it('reads sw, sh, sm, q and strip, with fit, quality 80 and stripped metadata by default', () => {
    expect(ok('')).toEqual({ width: undefined, height: undefined, mode: 'fit', quality: 80, strip: true });
    expect(ok('sw=300&sh=375&sm=cut&q=60&strip=false')).toEqual({ width: 300, height: 375, mode: 'cut', quality: 60, strip: false });
  });

  it('snaps sizes up to the ladder, so sw=301 and sw=310 are one variant, and clamps to the maximum', () => {
    expect(ok('sw=301').width).toBe(325);
    expect(canonicalParams(ok('sw=301'))).toBe(canonicalParams(ok('sw=310')));
    expect(snapDimension(1)).toBe(25);
    expect(snapDimension(501)).toBe(550);
    expect(snapDimension(1001)).toBe(1100);
    expect(ok(`sw=99999`).width).toBe(MAX_IMAGE_DIMENSION);
    // 40 sizes per side in all: what a stranger can ask for is bounded.
    const sides = new Set(Array.from({ length: 5000 }, (_, i) => snapDimension(i + 1)));
    expect(sides.size).toBe(40);
  });

  it('rounds quality to a step of 10 between 40 and 90', () => {
    expect(snapQuality(83)).toBe(80);
    expect(snapQuality(86)).toBe(90);
    expect(ok('q=1').quality).toBe(40);
    expect(ok('q=100').quality).toBe(90);
  });

  it('knows the named sizes such as tile-md (checkout spec §9), which cannot be mixed with sw or sh', () => {
    expect(ok('size=tile-md')).toMatchObject({ width: 300, height: 375, mode: 'fit' });
    expect(ok('size=zoom&q=70')).toMatchObject({ width: 1200, height: 1500, quality: 70 });
    for (const { width, height } of Object.values(NAMED_IMAGE_SIZES)) {
      expect(snapDimension(width)).toBe(width);
      expect(snapDimension(height)).toBe(height);
    }
    expect(refused('size=tile-md&sw=300')).toMatch(/cannot be combined/);
    expect(refused('size=huge')).toMatch(/Unknown image size 'huge'/);
  });

  it('refuses malformed, repeated or unknown parameters with a message', () => {
    expect(refused('sw=abc')).toMatch(/sw must be a whole number/);
    expect(refused('sw=0')).toMatch(/sw must be/);
    expect(refused('sh=-5')).toMatch(/sh must be/);
    expect(refused('sw=1.5')).toMatch(/sw must be/);
    expect(refused('q=101')).toMatch(/q must be/);
    expect(refused('q=')).toMatch(/q must be/);
    expect(refused('sm=stretch')).toMatch(/sm must be/);
    expect(refused('sm=cut&sw=100')).toMatch(/needs both/);
    expect(refused('strip=yes')).toMatch(/strip must be/);
    expect(refused('sw=100&sw=200')).toMatch(/more than once/);
    expect(refused('format=gif')).toMatch(/Unknown image parameter 'format'/);
    expect(refused('v=../x')).toMatch(/v must be/);
  });
});

describe('image URLs and srcset', () => {
  it('sends photographs of our own media through the service, and leaves drawings and other URLs alone', () => {
    expect(isResizable('/media/dress-e8705f-1.jpg')).toBe(true);
    expect(isResizable('/media/top-1f1f24-1.svg')).toBe(false);
    expect(isResizable('https://cdn.example.com/x.jpg')).toBe(false);
    expect(imageUrl('/media/dress-e8705f-1.jpg', 'tile-md')).toBe('/img/dress-e8705f-1.jpg?size=tile-md');
    expect(imageUrl('/media/dress-e8705f-1.jpg', { width: 400 })).toBe('/img/dress-e8705f-1.jpg?sw=400');
    expect(tileImage('/media/top-1f1f24-1.svg')).toEqual({ src: '/media/top-1f1f24-1.svg' });
  });

  it('offers every srcset width on the ladder, so each is one kept variant', () => {
    for (const w of [...TILE_WIDTHS, ...GALLERY_WIDTHS, ...ZOOM_WIDTHS, ...THUMB_WIDTHS]) expect(snapDimension(w)).toBe(w);
    const tile = tileImage('/media/dress-e8705f-1.jpg');
    expect(tile.src).toBe('/img/dress-e8705f-1.jpg?size=tile-md');
    expect(tile.srcSet).toBe(TILE_WIDTHS.map((w) => `/img/dress-e8705f-1.jpg?sw=${w} ${w}w`).join(', '));
    expect(tile.sizes).toMatch(/50vw/);
  });
});
