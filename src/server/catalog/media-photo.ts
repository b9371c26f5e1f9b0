import type { Kind } from './catalog-data.ts';
import { MEDIA_BACKGROUNDS, MEDIA_SHAPES, mediaTransform } from './media.ts';

/**
 * Studio "photographs" for the kinds in PHOTO_KINDS: the drawing's silhouette lit like cloth on a backdrop (folds from
 * low-frequency noise under a light, a fine weave, a soft floor shadow, sensor grain), drawn by librsvg and saved as
 * 1200 × 1500 JPEG by `npm run media` (scripts/generate-media.ts). Deterministic: the noise seeds come from the colour
 * and view, and the same sharp gives the same bytes. They exercise the image service as real product photography
 * would: a JPEG master far larger than any size the pages show.
 */
export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 1500;

function seedOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return (h >>> 0) % 10_000;
}

export function photoSvg(kind: Kind, hex: string, view: number): string {
  const seed = seedOf(`${kind}${hex}${view}`);
  const bg = MEDIA_BACKGROUNDS[(view - 1) % MEDIA_BACKGROUNDS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 750" width="600" height="750">
<defs>
<radialGradient id="bg" cx="50%" cy="30%" r="80%"><stop offset="0" stop-color="#fdfcfa"/><stop offset="0.65" stop-color="${bg}"/><stop offset="1" stop-color="#b9b4ac"/></radialGradient>
<filter id="cloth" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">
<feTurbulence type="fractalNoise" baseFrequency="0.028 0.005" numOctaves="3" seed="${seed}" result="folds"/>
<feDiffuseLighting in="folds" surfaceScale="18" diffuseConstant="1.25" lighting-color="#ffffff" result="light"><feDistantLight azimuth="235" elevation="55"/></feDiffuseLighting>
<feTurbulence type="fractalNoise" baseFrequency="0.9 0.45" numOctaves="1" seed="${seed + 1}" result="weave"/>
<feColorMatrix in="weave" type="matrix" values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  0.6 0 0 0 0" result="weaveGrey"/>
<feComposite in="light" in2="SourceGraphic" operator="arithmetic" k1="1" result="lit"/>
<feBlend in="weaveGrey" in2="lit" mode="overlay" result="woven"/>
<feComposite in="woven" in2="SourceAlpha" operator="in"/>
</filter>
<filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="16"/></filter>
<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="1.4" numOctaves="1" seed="${seed + 2}"/><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.12 0"/></filter>
</defs>
<rect width="600" height="750" fill="url(#bg)"/>
<ellipse cx="300" cy="675" rx="210" ry="26" fill="#000" opacity="0.22" filter="url(#shadow)"/>
<g transform="${mediaTransform(view)}"><path d="${MEDIA_SHAPES[kind]}" fill="${hex}" filter="url(#cloth)"/></g>
<rect width="600" height="750" filter="url(#grain)"/>
</svg>
`;
}
