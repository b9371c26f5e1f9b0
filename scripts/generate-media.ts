// Writes the catalog's images to public/media (committed): SVG drawings, and for the kinds in PHOTO_KINDS studio
// photographs as 1200 × 1500 JPEG, drawn with sharp (src/server/catalog/media-photo.ts). Run after changing colours
// or kinds in src/server/catalog/catalog-data.ts: `npm run media`. Deterministic: a second run writes the same bytes.
// A unit test fails when an image the seed uses is missing.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { PRODUCTS } from '../src/server/catalog/catalog-data.ts';
import { MEDIA_VIEWS, mediaSvg, mediaUrl } from '../src/server/catalog/media.ts';
import { PHOTO_HEIGHT, PHOTO_WIDTH, photoSvg } from '../src/server/catalog/media-photo.ts';

const written = new Set<string>();
mkdirSync('public/media', { recursive: true });
for (const p of PRODUCTS) {
  for (const c of p.colors) {
    for (let view = 1; view <= MEDIA_VIEWS; view++) {
      const url = mediaUrl(p.kind, c.hex, view);
      if (written.has(url)) continue;
      if (url.endsWith('.jpg')) {
        const drawn = sharp(Buffer.from(photoSvg(p.kind, c.hex, view)), { density: (72 * PHOTO_WIDTH) / 600 });
        const jpeg = await drawn.resize(PHOTO_WIDTH, PHOTO_HEIGHT).flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
        writeFileSync(`public${url}`, jpeg);
      } else {
        writeFileSync(`public${url}`, mediaSvg(p.kind, c.hex, view));
      }
      written.add(url);
    }
  }
}
// Images no product uses any more (a kind now photographed had drawings) are removed; the video stays.
for (const name of readdirSync('public/media')) {
  if (/\.(svg|jpg)$/.test(name) && !written.has(`/media/${name}`)) rmSync(`public/media/${name}`);
}
console.log(`wrote ${written.size} images to public/media`);
