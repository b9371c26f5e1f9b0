// Writes the catalog's SVG images to public/media (committed). Run after changing colours or kinds in
// src/server/catalog/catalog-data.ts: `npm run media`. A unit test fails when an image the seed uses is missing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { PRODUCTS } from '../src/server/catalog/catalog-data.ts';
import { MEDIA_VIEWS, mediaSvg, mediaUrl } from '../src/server/catalog/media.ts';

const written = new Set<string>();
mkdirSync('public/media', { recursive: true });
for (const p of PRODUCTS) {
  for (const c of p.colors) {
    for (let view = 1; view <= MEDIA_VIEWS; view++) {
      const url = mediaUrl(p.kind, c.hex, view);
      if (written.has(url)) continue;
      writeFileSync(`public${url}`, mediaSvg(p.kind, c.hex, view));
      written.add(url);
    }
  }
}
console.log(`wrote ${written.size} images to public/media`);
